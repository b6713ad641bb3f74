import GraderCLI
import GraderKit

WorkFolders.exit(GraderCLI().run(Array(CommandLine.arguments.dropFirst())))
