import { env } from '../../support/env'

/** The walks `npm test` runs: a fixed seed and budget, so a run is the same everywhere; WALK_SEED / WALK_COUNT override. */
export const walkSeed = env.walkSeed
export const walkBudget = env.walkCount
