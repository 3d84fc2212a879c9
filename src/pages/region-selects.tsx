import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from '../i18n/translation'
import { useAppHandles } from '../app/app-context'
import { regionCode } from '../contract/entities'
import { CityPicker, type LoadRegions, type RegionSelection } from '../ui/components/city-picker'

interface RegionIds {
  province_id: string
  city_id: string
  district_id: string
}

const sameIds = (a: RegionIds, b: RegionIds) =>
  a.province_id === b.province_id && a.city_id === b.city_id && a.district_id === b.district_id

/**
 * The residence as the shared CityPicker, loading each level from `listRegions`. The draft keeps
 * only ids (that is what `saveBasicInfo` sends), so after a reload the names are looked up again
 * level by level; until then the picker shows its placeholder.
 */
export function RegionSelects({
  province,
  city,
  district,
  onChange,
}: {
  province: string
  city: string
  district: string
  onChange: (patch: RegionIds) => void
}) {
  const { t } = useTranslation()
  const { services } = useAppHandles()
  const [named, setNamed] = useState<RegionSelection | null>(null)
  const ids: RegionIds = { province_id: province, city_id: city, district_id: district }
  const complete = province !== '' && city !== '' && district !== ''

  const loadRegions = useCallback<LoadRegions>(
    async (query) => {
      const outcome = await services.client.call('listRegions', { input: query })
      if (!outcome.ok) throw new Error(`listRegions failed: ${outcome.failure.kind}`)
      return outcome.data.items
    },
    [services],
  )

  /** The names of a province → city → district chain, or null when the table has no such chain. */
  const namesOf = useCallback(
    async (chain: RegionIds): Promise<RegionSelection | null> => {
      const nameIn = async (parent: string | null, id: string) =>
        (await loadRegions(parent === null ? {} : { parent_id: parent })).find((item) => item.id === id)?.name
      const [provinceName, cityName, districtName] = await Promise.all([
        nameIn(null, chain.province_id),
        nameIn(chain.province_id, chain.city_id),
        nameIn(chain.city_id, chain.district_id),
      ])
      if (provinceName === undefined || cityName === undefined || districtName === undefined) return null
      return { ...chain, province_name: provinceName, city_name: cityName, district_name: districtName }
    },
    [loadRegions],
  )

  // The host's location (bridge `location`, GB/T 2260 ids) fills an empty residence once, when its
  // ids form a chain the region table knows; the borrower can still pick another.
  const onChangeLatest = useRef(onChange)
  onChangeLatest.current = onChange
  const prefillTried = useRef(false)
  useEffect(() => {
    if (complete || prefillTried.current) return
    prefillTried.current = true
    const location = services.session.getSnapshot().location
    if (location === null) return
    const host = {
      province_id: regionCode(location.province_id),
      city_id: regionCode(location.city_id),
      district_id: regionCode(location.district_id),
    }
    void namesOf(host).then(
      (selection) => {
        if (selection === null) return
        setNamed(selection)
        onChangeLatest.current(host)
      },
      // A location the table cannot confirm leaves the residence for the borrower to pick.
      () => undefined,
    )
  }, [complete, services, namesOf])

  useEffect(() => {
    if (!complete || (named !== null && sameIds(named, ids))) return
    let active = true
    void namesOf(ids).then(
      (selection) => {
        if (active && selection !== null) setNamed(selection)
      },
      // Names are only for display; the ids stay in the draft and the picker can be opened again.
      () => undefined,
    )
    return () => {
      active = false
    }
    // The ids are the three strings; `ids` itself is a new object each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [complete, named, province, city, district, namesOf])

  return (
    <CityPicker
      label={t('screens.basic.residence')}
      value={named !== null && complete && sameIds(named, ids) ? named : null}
      loadRegions={loadRegions}
      onChange={(selection) => {
        setNamed(selection)
        onChange({ province_id: selection.province_id, city_id: selection.city_id, district_id: selection.district_id })
      }}
    />
  )
}
