import Foundation

// The tool the `VerityMocks` build-tool plug-in runs:
//
//     VerityMockParents INPUTS OUTPUT
//
// INPUTS lists the files to read, one per line: `target<TAB>path` for the target's own Swift
// files, `dependency<TAB>module<TAB>path` for those of its dependencies (the plug-in writes it).
// OUTPUT is the Swift file to write (see MockParents); it is written only when its text changes,
// so an unchanged build compiles nothing again.

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  FileHandle.standardError.write(Data("usage: VerityMockParents INPUTS OUTPUT\n".utf8))
  exit(2)
}

func read(_ path: String) -> String {
  do {
    return try String(contentsOfFile: path, encoding: .utf8)
  } catch {
    FileHandle.standardError.write(Data("VerityMockParents: cannot read \(path): \(error.localizedDescription)\n".utf8))
    exit(1)
  }
}

var target: [SourceText] = []
var dependencies: [SourceText] = []
for line in read(arguments[1]).split(separator: "\n") {
  let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
  switch (fields.first, fields.count) {
  case ("target", 2): target.append(SourceText(path: fields[1], module: nil, text: read(fields[1])))
  case ("dependency", 3): dependencies.append(SourceText(path: fields[2], module: fields[1], text: read(fields[2])))
  default:
    FileHandle.standardError.write(Data("VerityMockParents: malformed line in \(arguments[1]): \(line)\n".utf8))
    exit(1)
  }
}

let output = MockParents(target: target, dependencies: dependencies).generate()
let outputURL = URL(fileURLWithPath: arguments[2])
if (try? String(contentsOf: outputURL, encoding: .utf8)) != output {
  do {
    try output.write(to: outputURL, atomically: true, encoding: .utf8)
  } catch {
    FileHandle.standardError.write(Data("VerityMockParents: cannot write \(arguments[2]): \(error.localizedDescription)\n".utf8))
    exit(1)
  }
}
