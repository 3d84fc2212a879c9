import { appMachine } from '../../machines/app.machine'
import type { ChartLayout } from './chart-layout'
import type { LiveClient } from './live-client'
import { machineGraph, speakGraph, stateIdResolver, type MachineGraph } from './machine-graph'
import { localeName, speaker, wordsLanguage, type Speaker, type WordsLanguage } from './plain-words'
import { setPageWords } from './page-words'
import type { PanZoom } from './pan-zoom'
import { produceCommand, type CoverageFile, type CoverageLevel, type ModelPath, type PathsFile, type ReviewManifest } from './review-data'

/*
 * The reviewer page's one state: what is shown (the map, or the chart of the whole machine or of
 * one part), what is selected, the data loaded, the followed live page and the path being driven.
 * Each part of the page (map, chart, panel, live, drive, coverage, export) reads and writes it here
 * and asks for what another part does through `act`, which main.ts fills when the page starts, so
 * the parts never import one another.
 */

export type StepResult = 'ok' | 'off' | undefined

export interface TrailLine {
  keys: string[]
  text: string
  /** The transitions' code names, on hover. */
  code: string
  at: number
  times: number
  /** The screen the page showed after it, when it changed screen. */
  screen?: string
}

export interface Drive {
  path: ModelPath
  at: number
  results: StepResult[]
  /** Where the page was when a step was checked off: said beside a ✗. */
  seen: (string | undefined)[]
  /** What the drive did or waits for at a step, said beside it (the code it typed, the vendor's answer). */
  notes: (string | undefined)[]
  awaiting: number | null
  /** The step's event, held until the page is where the step starts. */
  hold: { type: string; [key: string]: unknown } | null
  /** The event sent for the awaited step: the page's report of it decides the step. */
  sent: string | null
  /** Moving on by itself after each ✓, until the end or a ✗. */
  playing: boolean
  /**
   * The drive's own borrower: the number the sandbox made for it, `asking` while it is being made
   * and logged in, `none` when no host could log one in (the drive then goes on with the page as it is).
   */
  borrower?: string
}

export const graph = machineGraph(appMachine)

export const page = {
  graph,
  byId: new Map(graph.states.map((s) => [s.id, s])),
  resolveState: stateIdResolver(graph),
  /** 'map', or the chart of a part: null for the whole machine, else a flow id or a state id. */
  view: 'map' as 'map' | 'chart',
  part: null as string | null,
  shown: graph as MachineGraph,
  leaving: 0,
  collapsed: new Set<string>(),
  layout: null as ChartLayout | null,
  manifest: null as ReviewManifest | null,
  locale: '',
  /** The language the machine's words are read in: the locale's, or English (`wordsLanguage`). */
  words: 'en' as WordsLanguage,
  /** 'default' or 'elder': which capture of the screens the thumbnails show. */
  mode: 'default',
  coverage: new Map<CoverageLevel, CoverageFile>(),
  coverageOn: false,
  selected: null as string | null,
  paths: undefined as PathsFile | null | undefined,
  live: null as LiveClient | null,
  followed: '',
  liveActive: new Set<string>(),
  trail: [] as TrailLine[],
  drive: null as Drive | null,
  view2d: null as PanZoom | null,
}

let spoken: Speaker | null = null

/** The page's speaker in the locale picked (states, events, guards and calls in words). */
export function say(): Speaker {
  spoken ??= speaker(graph.states, page.locale)
  return spoken
}

/** The locale picked: screens, titles and the machine's words follow it; the graph is said again in it. */
export function setLocale(locale: string): void {
  page.locale = locale
  page.words = wordsLanguage(locale)
  setPageWords(page.words)
  spoken = null
  speakGraph(graph, locale)
}

/** Said where a locale has no words of its own for the machine: they are read in English. */
export function wordsFallbackNote(): string {
  return `${localeName(page.locale)}: screen titles in this language; rules and events in English, which has their words (the machine's words are written in English and 简体中文).`
}

export const missingScreenHint = `No screenshot yet: run ${produceCommand.screenshots}, then ${produceCommand.rebuild}`

type Later = () => void
/** Commands one part of the page gives another, bound by main.ts. */
export const act = {
  draw: (() => Promise.resolve()) as () => Promise<void>,
  decorate: (() => undefined) as Later,
  centerOn: ((_id: string) => undefined) as (id: string) => void,
  openState: ((_id: string, _center?: boolean) => Promise.resolve()) as (id: string, center?: boolean) => Promise<void>,
  pick: ((_id: string) => Promise.resolve()) as (id: string) => Promise<void>,
  startDrive: ((_path: ModelPath) => undefined) as (path: ModelPath) => void,
  renderDrive: (() => Promise.resolve()) as () => Promise<void>,
  showPart: ((_part: string | null) => Promise.resolve()) as (part: string | null) => Promise<void>,
}

/** State id → image URL of its screen's small copy, in the locale and mode picked. */
export function thumbnails(): Map<string, string> {
  const shots = page.mode === 'elder' ? page.manifest?.elderScreenshots : page.manifest?.screenshots
  return byState(shots?.[page.locale])
}

function byState(names: Record<string, string> | undefined): Map<string, string> {
  const out = new Map<string, string>()
  for (const [name, url] of Object.entries(names ?? {})) {
    const id = page.resolveState(name)
    if (id !== undefined) out.set(id, url)
  }
  return out
}

/**
 * The panel's large view of a screen: the full capture a browser-level run left in artifacts/
 * (`full`), else the small copy the map shows.
 */
export function largeScreen(id: string): { url: string; full: boolean } | undefined {
  const captures = page.mode === 'elder' ? page.manifest?.largeElderScreenshots : page.manifest?.largeScreenshots
  const full = byState(captures?.[page.locale]).get(id)
  if (full !== undefined) return { url: full, full: true }
  const small = thumbnails().get(id)
  return small === undefined ? undefined : { url: small, full: false }
}

export async function loadPaths(): Promise<PathsFile | null> {
  if (page.paths !== undefined) return page.paths
  if (!page.manifest?.paths) return (page.paths = null)
  try {
    const response = await fetch(page.manifest.paths)
    page.paths = response.ok ? ((await response.json()) as PathsFile) : null
  } catch {
    page.paths = null
  }
  return page.paths
}
