/** The walks `npm test` runs: a fixed seed and budget, so a run is the same everywhere; WALK_SEED / WALK_COUNT override. */
export const walkSeed = Number(process.env.WALK_SEED ?? 20_251_126)
export const walkBudget = Number(process.env.WALK_COUNT ?? 200)
