import Foundation
import GraderKit

exit(GraderCLI().run(Array(CommandLine.arguments.dropFirst())))
