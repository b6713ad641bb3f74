import GraderKit
