import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppHandles } from '../app/app-context'
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

  useEffect(() => {
    if (!complete || (named !== null && sameIds(named, { province_id: province, city_id: city, district_id: district }))) return
    let active = true
    const nameIn = async (parent: string | null, id: string) =>
      (await loadRegions(parent === null ? {} : { parent_id: parent })).find((item) => item.id === id)?.name
    void Promise.all([nameIn(null, province), nameIn(province, city), nameIn(city, district)]).then(
      ([provinceName, cityName, districtName]) => {
        if (!active || provinceName === undefined || cityName === undefined || districtName === undefined) return
        setNamed({
          province_id: province,
          province_name: provinceName,
          city_id: city,
          city_name: cityName,
          district_id: district,
          district_name: districtName,
        })
      },
      // Names are only for display; the ids stay in the draft and the picker can be opened again.
      () => undefined,
    )
    return () => {
      active = false
    }
  }, [complete, named, province, city, district, loadRegions])

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
