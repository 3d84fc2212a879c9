import path from 'node:path'

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null
}

const stageName = (file: string) => path.basename(file).replace(/\.[^.]+$/, '')

/**
 * Rolldown's `codeSplitting` for a page whose entry imports its stages one after another: one chunk a
 * stage, holding the modules that stage is the first to import statically. Left to itself Rolldown
 * gives every set of modules the stages and pages share a chunk of its own: thirteen files before
 * home could run, each a request that waits its turn for one of six connections on a slow link.
 * The entry keeps its own modules.
 */
export function stageChunks(root: string, entry: string, stages: string[]) {
  const firstStage = new Map<string, string>()
  const mapStages = (graph: ModuleGraph) => {
    if (firstStage.size > 0) return
    for (const file of [entry, ...stages]) {
      const start = path.resolve(root, file)
      if (graph.getModuleInfo(start) === null) throw new Error(`stage-chunks: ${file} is not in the build; was it renamed?`)
      const pending = [start]
      while (pending.length > 0) {
        const id = pending.pop()!
        if (firstStage.has(id)) continue
        firstStage.set(id, stageName(file))
        pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []))
      }
    }
  }
  return {
    groups: stages.map((file, index) => ({
      debugName: stageName(file),
      name: (id: string, graph: ModuleGraph) => {
        mapStages(graph)
        return firstStage.get(id) === stageName(file) ? stageName(file) : null
      },
      priority: stages.length - index,
      // A stage's modules import only their own stage's and earlier ones': pulling dependencies in
      // would take the entry's own modules into a stage.
      includeDependenciesRecursively: false,
    })),
  }
}
