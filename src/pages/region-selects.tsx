import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppHandles } from '../app/app-context'
import { Field } from './screen-kit'

interface Region {
  id: string
  name: string
}

/** One level of GB/T 2260 regions, loaded when its parent is known (provinces: no parent). */
function useRegions(parentId: string | null): { items: Region[]; failed: boolean } {
  const { services } = useAppHandles()
  const [state, setState] = useState<{ key: string | null; items: Region[]; failed: boolean }>({
    key: null,
    items: [],
    failed: false,
  })
  useEffect(() => {
    if (parentId === '') return
    let active = true
    const input = parentId === null ? {} : { parent_id: parentId }
    void services.client.call('listRegions', { input }).then((outcome) => {
      if (!active) return
      setState({ key: parentId, items: outcome.ok ? outcome.data.items : [], failed: !outcome.ok })
    })
    return () => {
      active = false
    }
  }, [parentId, services])
  return parentId === '' || state.key !== parentId ? { items: [], failed: false } : state
}

function RegionSelect({
  label,
  parentId,
  value,
  onChange,
}: {
  label: string
  parentId: string | null
  value: string
  onChange: (id: string) => void
}) {
  const { t } = useTranslation()
  const { items, failed } = useRegions(parentId)
  // A restored draft names a region before its level has loaded: keep it selectable meanwhile.
  const options = items.length === 0 && value !== '' ? [{ id: value, name: value }] : items
  return (
    <Field
      label={label}
      hint={failed ? t('errors.requestError') : undefined}
      control={(props) => (
        <select
          {...props}
          value={value}
          disabled={parentId === ''}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="" disabled>
            {t('screens.common.choose')}
          </option>
          {options.map((region) => (
            <option key={region.id} value={region.id}>
              {region.name}
            </option>
          ))}
        </select>
      )}
    />
  )
}

/** The city picker as three plain selects, each level loaded from `listRegions` when its parent is chosen. */
export function RegionSelects({
  province,
  city,
  district,
  onChange,
}: {
  province: string
  city: string
  district: string
  onChange: (patch: { province_id: string; city_id: string; district_id: string }) => void
}) {
  const { t } = useTranslation()
  return (
    <fieldset className="fieldset">
      <legend>{t('screens.basic.residence')}</legend>
      <RegionSelect
        label={t('screens.basic.province')}
        parentId={null}
        value={province}
        onChange={(id) => onChange({ province_id: id, city_id: '', district_id: '' })}
      />
      <RegionSelect
        label={t('screens.basic.city')}
        parentId={province}
        value={city}
        onChange={(id) => onChange({ province_id: province, city_id: id, district_id: '' })}
      />
      <RegionSelect
        label={t('screens.basic.district')}
        parentId={city}
        value={district}
        onChange={(id) => onChange({ province_id: province, city_id: city, district_id: id })}
      />
    </fieldset>
  )
}
