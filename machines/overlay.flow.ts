import { and } from 'xstate'
import { guards, states, update, type Words } from './flow-kit'
import type { OverlayName } from './screens'
import { isOverlay, screenOfRoute } from './screens'
import { loadThenReady, screenMeta } from './shapes'

/*
 * Pages opened over a screen (agreements, rich text, external pages, the lender protocol): opened by
 * an event or a route, closed by Close or by Back to the screen that opened them.
 */

export const overlayGuards = guards({
  overlayOverSheet: ({ context }) => context.overlay?.overSheet === true,
  routeIsOpener: ({ context, event }) =>
    event.type === 'xstate.route' && context.overlay !== null && screenOfRoute(event.to) === context.overlay.opener,
  overlayIs: ({ context }, params: { page: OverlayName }) => context.overlay?.page === params.page,
})

export const overlayActions = {
  openOverlay: update(({ context, event }) => {
    if (event.type === 'overlay.open') {
      return {
        overlay: { page: event.page, query: event.query ?? {}, opener: context.screen },
        overlayContent: null,
      }
    }
    if (event.type === 'xstate.route') {
      const page = screenOfRoute(event.to)
      if (page === null || !isOverlay(page)) return {}
      return {
        overlay: { page, query: event.query ?? {}, opener: context.screen },
        overlayContent: null,
      }
    }
    return {}
  }),
  storeOverlayContent: update((_, params: { title: string; content_html: string }) => ({
    overlayContent: { title: params.title, content_html: params.content_html },
  })),
  // The overlay's own failure (a missing agreement) must not follow the borrower back to the screen.
  closeOverlay: update({ overlay: null, overlayContent: null, errorCode: null, errorStatus: null }),
}

/** An overlay page: a route may open it directly (a typed or Back URL), where allowed. */
function page<const P extends OverlayName>(name: P, words: Words) {
  return {
    id: name,
    route: {
      guard: { type: 'screenAllowed', params: { screen: name } },
      actions: 'openOverlay',
    },
    meta: screenMeta(name, words),
  } as const
}

/** Its content, loaded once opened; `ready` shows it. */
const content = { target: 'ready', actions: { type: 'storeOverlayContent', params: ({ event }: { event: { output: { title: string; content_html: string } } }) => event.output } } as const

export const overlayStates = states({
  overlay: {
    id: 'overlay',
    description:
      'Pages opened over a screen (agreements, rich text, external pages, the lender protocol). Close or Back returns to exactly where the borrower was.',
    initial: 'choosing',
    on: {
      'overlay.close': [
        { guard: 'overlayOverSheet', target: '#rights', actions: 'closeOverlay' },
        { target: '#screensHistory', actions: 'closeOverlay' },
      ],
      'xstate.route': [
        { guard: and(['routeIsOpener', 'overlayOverSheet']), target: '#rights', actions: 'closeOverlay' },
        { guard: 'routeIsOpener', target: '#screensHistory', actions: 'closeOverlay' },
      ],
    },
    states: {
      choosing: {
        always: [
          { guard: { type: 'overlayIs', params: { page: 'privacy' } }, target: 'privacy' },
          { guard: { type: 'overlayIs', params: { page: 'thirdProtocol' } }, target: 'thirdProtocol' },
          { guard: { type: 'overlayIs', params: { page: 'richText' } }, target: 'richText' },
          { target: 'webview' },
        ],
      },
      privacy: {
        ...page('privacy', { en: 'Agreement: the full text of an agreement the borrower accepts.', 'zh-Hans': '协议：借款人所同意协议的全文。' }),
        ...loadThenReady({
          src: 'getAgreement',
          input: ({ context }) => ({
            params: { key: context.overlay?.query.key ?? 'privacy' },
            input: context.intake.locale ? { lang: context.intake.locale } : {},
          }),
          onDone: content,
        }),
      },
      thirdProtocol: {
        ...page('thirdProtocol', { en: "Lender agreement: the lender's own terms.", 'zh-Hans': '机构协议：出借机构自己的条款。' }),
        ...loadThenReady({
          src: 'getContract',
          input: ({ context }) => ({
            input: {
              lender_id: context.overlay?.query.lender_id ?? context.lenderId ?? '',
              kind: context.overlay?.query.kind === 'contract' ? ('contract' as const) : ('third_party' as const),
              ...(context.intake.locale ? { lang: context.intake.locale } : {}),
            },
          }),
          onDone: content,
        }),
      },
      richText: page('richText', { en: "Details: a page of the lender's explanations.", 'zh-Hans': '详情：机构的说明页面。' }),
      webview: page('webview', { en: 'Web page: an outside page opened inside the app.', 'zh-Hans': '网页：在应用内打开的外部页面。' }),
    },
  },
})
