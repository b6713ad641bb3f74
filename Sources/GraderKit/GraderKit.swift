import GraderCore
