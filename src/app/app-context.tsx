import { createContext, use } from 'react'
import type { AppActor } from './app-actor'
import type { Services } from './services'

export interface AppHandles {
  actor: AppActor
  services: Services
}

export const AppHandlesContext = createContext<AppHandles | null>(null)

export function useAppHandles(): AppHandles {
  const handles = use(AppHandlesContext)
  if (handles === null) throw new Error('useAppHandles outside <AppHandlesContext>')
  return handles
}
