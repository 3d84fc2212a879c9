import { and, setup } from 'xstate'
import { bootActions, bootGuards, bootStates } from './boot.flow'
import type { AppContext, AppEvent } from './context'
import { initialContext } from './context'
import type { AppMeta, AppTag } from './flow-kit'
import { appActors, pollDelays } from './flow-kit'
import { funnelActions, funnelGuards, funnelStates } from './funnel.flow'
import { homeActions, homeGuards, homeStates } from './home.flow'
import { lendingActions, lendingGuards, lendingStates } from './lending.flow'
import { overlayActions, overlayGuards, overlayStates } from './overlay.flow'
import type { AppInput, HostCommand } from './ports'
import { rightsActions, rightsGuards, rightsStates } from './rights.flow'
import { servicingActions, servicingGuards, servicingStates } from './servicing.flow'
import { sessionActions, sessionGuards } from './session'

/*
 * The application machine: boot, login, home, the loan funnel, repayment and the
 * rights purchase, as one XState v5 machine. Framework-free: the app edge provides the real actors
 * with `appMachine.provide({ actors })`, renders the snapshot, and mirrors it onto the URL
 * (routes.ts). Every API call is an invoked actor named after its contract call.
 *
 * Each flow is a file (*.flow.ts) with its states, guards and actions; the shapes they repeat (a
 * wizard step, a keyed commit, a poll) are written once in shapes.ts. This file is the top-level
 * shape: setup() composes the flows' guards and actions (and checks every name the states use).
 */

export type {
  AppContext,
  AppEvent,
  AssetDraft,
  BankCardDraft,
  BasicDraft,
  ContactDraft,
  ContactDraftEntry,
  Drafts,
  DraftStep,
  LendConfirmDraft,
  RightsDraft,
  SmsState,
} from './context'

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
    emitted: {} as HostCommand,
    tags: {} as AppTag,
    meta: {} as AppMeta,
  },
  actors: appActors,
  delays: pollDelays,
  guards: {
    ...sessionGuards,
    ...bootGuards,
    ...homeGuards,
    ...funnelGuards,
    ...lendingGuards,
    ...servicingGuards,
    ...rightsGuards,
    ...overlayGuards,
  },
  actions: {
    ...sessionActions,
    ...bootActions,
    ...homeActions,
    ...funnelActions,
    ...lendingActions,
    ...servicingActions,
    ...rightsActions,
    ...overlayActions,
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => initialContext({ input }),
  initial: 'boot',
  on: {
    // The host may push a new payload at any time (e.g. after it logged the borrower in).
    'bridge.payload': { guard: 'payloadHasToken', actions: 'acceptToken' },
  },
  states: {
    ...bootStates,
    session: {
      id: 'session',
      initial: 'screens',
      on: {
        'form.change': { actions: 'assignDraft' },
        'drafts.restore': { actions: 'restoreDrafts' },
        'bridge.payload': [
          // A reload's own token: the state resumes where it was, its calls untouched.
          { guard: and(['payloadHasToken', 'payloadResumes']), actions: 'acceptToken' },
          // A token for whoever the host logged in now: whose it is decides what stays on screen.
          { guard: 'payloadHasToken', target: '#verifyingBorrower', actions: ['acceptToken', 'forgetUser'] },
        ],
        'nav.home': { target: '#home' },
        'overlay.open': { target: '#overlay', actions: 'openOverlay' },
      },
      states: {
        hist: { id: 'sessionHistory', type: 'history', history: 'deep' },
        screens: {
          initial: 'home',
          states: {
            hist: { id: 'screensHistory', type: 'history', history: 'deep' },
            ...homeStates,
            ...funnelStates,
            ...lendingStates,
            ...servicingStates,
          },
        },
        ...rightsStates,
        ...overlayStates,
      },
    },
  },
})
