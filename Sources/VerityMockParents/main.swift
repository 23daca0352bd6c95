import Foundation

// The tool the `VerityMocks` build-tool plug-in runs:
//
//     VerityMockParents INPUTS
//
// INPUTS lists the files to read, one per line: `target<TAB>path[<TAB>output]` for the target's
// own Swift files, `dependency<TAB>module<TAB>path` for those of its dependencies (the plug-in
// writes it). A target file with an output is one that holds `@Mock`: the output gets what its
// protocols inherit (see MockParents). An output is written only when its text changes, so a
// build that changes nothing it holds compiles nothing again.

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: VerityMockParents INPUTS\n".utf8))
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
var outputs: [String: String] = [:]
var dependencies: [SourceText] = []
for line in read(arguments[1]).split(separator: "\n") {
  let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
  switch (fields.first, fields.count) {
  case ("target", 2): target.append(SourceText(path: fields[1], module: nil, text: read(fields[1])))
  case ("target", 3):
    target.append(SourceText(path: fields[1], module: nil, text: read(fields[1])))
    outputs[fields[1]] = fields[2]
  case ("dependency", 3): dependencies.append(SourceText(path: fields[2], module: fields[1], text: read(fields[2])))
  default:
    FileHandle.standardError.write(Data("VerityMockParents: malformed line in \(arguments[1]): \(line)\n".utf8))
    exit(1)
  }
}

for (path, text) in MockParents(target: target, dependencies: dependencies).generate(for: Array(outputs.keys)) {
  guard let output = outputs[path] else { continue }
  if (try? String(contentsOfFile: output, encoding: .utf8)) != text {
    do {
      try text.write(toFile: output, atomically: true, encoding: .utf8)
    } catch {
      FileHandle.standardError.write(Data("VerityMockParents: cannot write \(output): \(error.localizedDescription)\n".utf8))
      exit(1)
    }
  }
}
