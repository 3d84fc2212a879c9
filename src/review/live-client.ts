import { heartbeatEveryMs, heartbeatKey, liveChannelName, type LiveMessage, type PageReport } from './live-protocol'

/*
 * The reviewer's end of the live channel: keeps the heartbeat that tells pages someone listens,
 * collects the pages that report, and sends drive events to one of them.
 */

export interface LivePage {
  report: PageReport
  seen: number
}

export interface LiveClient {
  pages(): LivePage[]
  drive(pageId: string, event: { type: string; [key: string]: unknown }): void
}

export function startLiveClient(win: Window, onReport: (report: PageReport) => void, onPages: () => void): LiveClient {
  const beat = () => {
    try {
      win.localStorage.setItem(heartbeatKey, String(Date.now()))
    } catch {
      // Storage off: pages cannot know a reviewer listens; the page says so below.
    }
  }
  beat()
  win.setInterval(beat, heartbeatEveryMs)
  const channel = new BroadcastChannel(liveChannelName)
  const pages = new Map<string, LivePage>()
  channel.onmessage = (message: MessageEvent<LiveMessage>) => {
    const data = message.data
    if (data.kind === 'snapshot') {
      const known = pages.has(data.pageId)
      pages.set(data.pageId, { report: data, seen: Date.now() })
      if (!known) onPages()
      onReport(data)
    } else if (data.kind === 'bye') {
      pages.delete(data.pageId)
      onPages()
    }
  }
  channel.postMessage({ kind: 'hello' } satisfies LiveMessage)
  win.addEventListener('pagehide', () => {
    try {
      win.localStorage.removeItem(heartbeatKey)
    } catch {
      // Nothing to clean.
    }
  })
  return {
    pages: () => [...pages.values()].sort((a, b) => b.seen - a.seen),
    drive: (pageId, event) => channel.postMessage({ kind: 'drive', pageId, event } satisfies LiveMessage),
  }
}
