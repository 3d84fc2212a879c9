import type { i18n as I18n } from 'i18next'
import { createContext, use, useMemo, type ReactNode } from 'react'
import { I18nextProvider, useTranslation as useI18nextTranslation, type UseTranslationResponse } from 'react-i18next'

/*
 * react-i18next's `useTranslation` does real work in every component that mounts it: it copies the
 * i18next instance's property descriptors into a wrapper, makes a fixed `t` and subscribes to the
 * instance. A screen mounts dozens of fields, labels and buttons, so a step paid for that dozens of
 * times (the step profile: about a tenth of a step at 4× CPU). The page calls it once, at
 * the root, and hands the result down; the result changes, and every reader re-renders, exactly
 * when the language changes.
 */

type Translation = UseTranslationResponse<'translation', undefined>

/** Exported so a root of its own (the page warming) reads the page's translation, not a second one. */
export const TranslationContext = createContext<Translation | null>(null)

/** Past this many remembered strings the memory starts again (interpolated figures make new ones). */
const rememberedLimit = 2_000

function isPlainKey(key: unknown): boolean {
  return typeof key === 'string' || (Array.isArray(key) && key.every((part) => typeof part === 'string'))
}

/** No options, a default string, or options of plain values only: the whole call can be written as JSON. */
function isPlainOptions(options: unknown): boolean {
  if (options === undefined || typeof options === 'string') return true
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return false
  return Object.values(options).every((value) => value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value))
}

/**
 * i18next's `t` resolves, interpolates and nests on every call, and a screen makes dozens of calls
 * each render (home → loan demand spent 14 ms of the step in it at 4× CPU). Within one `t` the
 * strings cannot change: one language per instance, every string loaded before the first render,
 * and react-i18next hands a new `t` if the language changes. So a call is remembered by its key and
 * plain options; any other call (a selector key, a function or object in the options) goes to
 * i18next every time.
 */
export function rememberingT(t: Translation['t']): Translation['t'] {
  const translate = t as unknown as (...args: unknown[]) => unknown
  const remembered = new Map<string, unknown>()
  // Most calls are a bare key: remembered by the key itself, without writing the call as JSON.
  const byKey = new Map<string, unknown>()
  const rememberingTranslate = (...args: unknown[]) => {
    const [key, options] = args
    if (typeof key === 'string' && options === undefined && args.length <= 2) {
      if (byKey.has(key)) return byKey.get(key)
      const text = translate(key)
      byKey.set(key, text)
      return text
    }
    if (args.length > 2 || !isPlainKey(key) || !isPlainOptions(options)) return translate(...args)
    const call = JSON.stringify(args)
    if (remembered.has(call)) return remembered.get(call)
    const text = translate(...args)
    if (remembered.size >= rememberedLimit) remembered.clear()
    remembered.set(call, text)
    return text
  }
  return rememberingTranslate as unknown as Translation['t']
}

function SharedTranslation({ children }: { children: ReactNode }) {
  const translation = useI18nextTranslation()
  const shared = useMemo(() => {
    const t = rememberingT(translation.t)
    // The shape react-i18next returns: a tuple that also has its parts by name.
    return Object.assign([t, translation.i18n, translation.ready], { t, i18n: translation.i18n, ready: translation.ready }) as Translation
  }, [translation])
  return <TranslationContext value={shared}>{children}</TranslationContext>
}

/** The page's i18next instance and its one shared translation, around everything that shows text. */
export function TranslationProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <SharedTranslation>{children}</SharedTranslation>
    </I18nextProvider>
  )
}

/** `t` and the i18next instance, as react-i18next's hook returns them, from the shared translation. */
export function useTranslation(): Translation {
  const translation = use(TranslationContext)
  if (translation === null) throw new Error('useTranslation outside <TranslationProvider>')
  return translation
}
