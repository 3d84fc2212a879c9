import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from '../../i18n/translation'
import { BottomSheet } from './bottom-sheet'
import { TextField } from './form-field'
import '../components.css'

/** One GB/T 2260 region as `listRegions` (`GET /api/sys-geo`) answers it. */
export interface RegionItem {
  id: string
  name: string
  level: 1 | 2 | 3
  parent_id: string | null
  /** "广东省 深圳市 南山区": the names from the province down, separated by spaces. */
  full_name: string
  has_children: boolean
}

export interface RegionQuery {
  parent_id?: string
  keyword?: string
}

/** `listRegions` without the envelope: provinces for `{}`, children for `parent_id`, a search for `keyword`. */
export type LoadRegions = (query: RegionQuery) => Promise<readonly RegionItem[]>

/** The residence the basic-info step saves (the bridge's `location` has the same shape). */
export interface RegionSelection {
  province_id: string
  province_name: string
  city_id: string
  city_name: string
  district_id: string
  district_name: string
}

type Listing = { key: string; state: 'loading' } | { key: string; state: 'ready'; items: readonly RegionItem[] } | { key: string; state: 'failed' }

const queryKey = (query: RegionQuery) => (query.keyword ? `k:${query.keyword}` : `p:${query.parent_id ?? ''}`)

/**
 * Province → city → district in a bottom sheet, each level loaded when its parent is chosen, with a
 * keyword search across levels. A search hit that is a district completes the choice; a province
 * or city hit continues from there. Answers are cached per query, so going back a level costs no
 * request. `loadRegions` is a prop: the page passes the request client's `listRegions`.
 */
export function CityPicker({
  value,
  onChange,
  loadRegions,
  label,
  error,
}: {
  value: RegionSelection | null
  onChange: (selection: RegionSelection) => void
  loadRegions: LoadRegions
  label?: string
  /** A message under the field, already translated. */
  error?: string | null
}) {
  const { t } = useTranslation()
  const id = useId()
  const [open, setOpen] = useState(false)
  const [path, setPath] = useState<RegionItem[]>([])
  const [keyword, setKeyword] = useState('')
  const [attempt, setAttempt] = useState(0)
  const [listing, setListing] = useState<Listing | null>(null)
  const cache = useRef(new Map<string, readonly RegionItem[]>())

  const fetchRegions = useCallback(
    async (query: RegionQuery): Promise<readonly RegionItem[]> => {
      const key = queryKey(query)
      const known = cache.current.get(key)
      if (known !== undefined) return known
      const items = await loadRegions(query)
      cache.current.set(key, items)
      return items
    },
    [loadRegions],
  )

  const search = keyword.trim()
  const parent = path[path.length - 1]
  const query: RegionQuery = search !== '' ? { keyword: search } : parent === undefined ? {} : { parent_id: parent.id }
  const currentKey = queryKey(query)

  useEffect(() => {
    if (!open) return
    let current = true
    const request: RegionQuery = search !== '' ? { keyword: search } : parent === undefined ? {} : { parent_id: parent.id }
    const key = queryKey(request)
    setListing({ key, state: 'loading' })
    fetchRegions(request).then(
      (items) => current && setListing({ key, state: 'ready', items }),
      () => current && setListing({ key, state: 'failed' }),
    )
    return () => {
      current = false
    }
  }, [open, search, parent, fetchRegions, attempt])

  const finish = (province: Pick<RegionItem, 'id' | 'name'>, city: Pick<RegionItem, 'id' | 'name'>, district: RegionItem) => {
    onChange({
      province_id: province.id,
      province_name: province.name,
      city_id: city.id,
      city_name: city.name,
      district_id: district.id,
      district_name: district.name,
    })
    setOpen(false)
  }

  const pickHit = async (hit: RegionItem) => {
    const [provinceName = '', cityName = ''] = hit.full_name.split(' ')
    setKeyword('')
    if (hit.level === 1) {
      setPath([hit])
      return
    }
    const provinces = await fetchRegions({})
    const province =
      hit.level === 2
        ? provinces.find((item) => item.id === hit.parent_id)
        : provinces.find((item) => item.name === provinceName)
    if (province === undefined) return
    if (hit.level === 2) {
      setPath([province, hit])
      return
    }
    finish(province, { id: hit.parent_id ?? '', name: cityName }, hit)
  }

  const pick = (item: RegionItem) => {
    if (search !== '') {
      void pickHit(item)
      return
    }
    const [province, city] = path
    if (item.level === 3 && province !== undefined && city !== undefined) {
      finish(province, city, item)
      return
    }
    setPath([...path, item])
  }

  const levelTitles = [t('ui.cityPicker.chooseProvince'), t('ui.cityPicker.chooseCity'), t('ui.cityPicker.chooseDistrict')]
  const listTitle = search !== '' ? t('ui.cityPicker.results') : (levelTitles[path.length] ?? '')
  const chosenIds = value === null ? [] : [value.province_id, value.city_id, value.district_id]
  const shown = value === null ? t('ui.cityPicker.placeholder') : `${value.province_name} ${value.city_name} ${value.district_name}`
  const ready = listing !== null && listing.key === currentKey ? listing : { key: currentKey, state: 'loading' as const }

  return (
    <div className={`ui-field${error ? ' ui-field--error' : ''}`}>
      <span id={`${id}-label`} className="ui-field__label">
        {label ?? t('ui.cityPicker.label')}
      </span>
      <button
        type="button"
        className="ui-field__control ui-city__trigger"
        aria-haspopup="dialog"
        aria-labelledby={`${id}-label ${id}-value`}
        aria-describedby={error ? `${id}-error` : undefined}
        data-empty={value === null}
        onClick={() => {
          setPath([])
          setKeyword('')
          setOpen(true)
        }}
      >
        <span id={`${id}-value`}>{shown}</span>
        <span aria-hidden="true">›</span>
      </button>
      {error ? (
        <p id={`${id}-error`} className="ui-field__error">
          {error}
        </p>
      ) : null}
      <BottomSheet open={open} title={t('ui.cityPicker.title')} onClose={() => setOpen(false)}>
        <TextField label={t('ui.cityPicker.search')} type="search" value={keyword} onChange={setKeyword} autoComplete="off" />
        {search === '' && (
          <nav aria-label={t('ui.cityPicker.path')}>
            <ol className="ui-city__tabs">
              {levelTitles.slice(0, path.length + 1).map((title, level) => (
                <li key={title}>
                  <button
                    type="button"
                    aria-current={level === path.length ? 'step' : undefined}
                    onClick={() => setPath(path.slice(0, level))}
                  >
                    {path[level]?.name ?? title}
                  </button>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <h3 className="visually-hidden" id={`${id}-list`}>
          {listTitle}
        </h3>
        {ready.state === 'loading' && <p role="status">{t('common.loading')}</p>}
        {ready.state === 'failed' && (
          <div role="alert">
            <p>{t('ui.cityPicker.loadFailed')}</p>
            <button type="button" className="ui-button ui-button--secondary" onClick={() => setAttempt((n) => n + 1)}>
              {t('common.retry')}
            </button>
          </div>
        )}
        {ready.state === 'ready' &&
          (ready.items.length === 0 ? (
            <p role="status">{t('ui.cityPicker.empty')}</p>
          ) : (
            <ul className="ui-city__list" aria-labelledby={`${id}-list`}>
              {ready.items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className="ui-city__option"
                    aria-current={chosenIds.includes(item.id) ? 'true' : undefined}
                    onClick={() => pick(item)}
                  >
                    {search !== '' ? item.full_name : item.name}
                  </button>
                </li>
              ))}
            </ul>
          ))}
      </BottomSheet>
    </div>
  )
}
