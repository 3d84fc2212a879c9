/** A Chrome trace event, as much of it as the benchmarks read. */
export interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: { url?: string; functionName?: string; type?: string } }
}

/** The renderer main threads of a trace, as `pid:tid`. */
export function rendererMainThreads(events: TraceEvent[]): Set<string> {
  return new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`))
}
