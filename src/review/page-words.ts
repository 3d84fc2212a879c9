import type { WordsLanguage } from './plain-words'

/*
 * The reviewer page's own words (its buttons, headings and notes) in English and Simplified
 * Chinese, the languages the machine's words are written in; the other locales read them in English.
 * Static labels in index.html name their entry with `data-say` (text), `data-say-placeholder`,
 * `data-say-label` (aria-label) or `data-say-title`; code says them with `pageWord`.
 */

const words = {
  en: {
    skip: 'Skip to Live and Drive',
    mapTitle: 'Map of the flows',
    chartOf: 'Statechart of {part}',
    wholeTitle: 'Statechart of the whole machine',
    toMap: '◀ Map',
    wholeMachine: 'Whole machine',
    find: 'Find a screen, a rule or an event',
    findPlaceholder: 'screen, text or rule (any language)',
    found: 'Found',
    fit: 'Fit',
    fitTitle: 'Fit the chart (F)',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    expandAll: 'Expand all',
    collapseScreens: 'Collapse screens',
    coverage: 'Coverage',
    language: 'Language',
    mode: 'Mode',
    exportSvg: 'Export SVG',
    exportMermaid: 'Export Mermaid',
    live: 'Live',
    follow: 'Follow',
    keepInView: 'keep the active state in view',
    drive: 'Drive a generated path',
    closeDetails: "Close the state's details",
    close: 'Close',
    details: 'details',
    // The map and its previews
    statesInside: '{n} states',
    noShot: 'no picture yet',
    noElderShot: 'no elder-mode picture in {locale}',
    noElderShotWhy: 'No elder-mode pictures in {locale}: npm run review:shots captures elder mode in English and 简体中文 only. Pick one of those two languages, or the default mode, to see the screens.',
    fromScreens: 'from {n} screens when the session ends',
    noPicture: 'No picture of this screen yet: npm run review:shots captures every screen.',
    enlarged: 'The small copy the map shows, enlarged: {command} captures the screens full size.',
    mapStatus: 'Map of {screens} screen states in {flows} flows · read from appMachine ({states} state nodes, {transitions} transitions)',
    // The search
    kindScreen: 'screen',
    kindRule: 'rule or event',
    kindStep: 'step',
    nothingFound: 'Nothing found: try a screen’s title, something it says, or a rule’s words',
    // The panel
    rulesOfScreen: 'Rules of this screen ({n})',
    appliesEverywhere: 'Applies everywhere ({n}): requests, signing, language, what the device keeps',
    calls: 'Calls to the server ({n})',
    canDo: 'What the borrower and the server can do here ({n})',
    waysIn: 'Ways in ({n})',
    pathsReaching: 'Generated paths that reach it',
    collapseState: 'Collapse this state',
    expandState: 'Expand this state',
    rulesInEnglish: 'The product rules are written in English.',
    // What changed
    whatChanged: 'What changed',
    comparedWith: 'Compared with',
    against: 'Against {base}: ',
    noChange: 'no change in behaviour',
    changes: '{n} changes in behaviour',
    oneChange: '1 change in behaviour',
    pathsDiffer: 'Generated paths that walk differently ({n}): they follow from the changes above',
    approvedMachine: 'the approved machine',
    // Drive
    back: '◀ Back',
    forward: 'Forward ▶',
    play: 'Play to the end',
    pause: 'Pause',
    stop: 'Stop',
    stepOf: 'step {at} of {n}',
    waiting: ', waiting for the page',
    findPaths: 'Find',
    path: 'Path',
    pathsFilter: 'screen, state or event',
    chooseOf: 'choose one of {n} paths',
    // The flows, as the map's bands name them
    flow_boot: 'Boot and login',
    flow_home: 'Home',
    flow_rights: 'Rights card',
    flow_overlays: 'Overlays',
    flow_funnel: 'The funnel',
    flow_lending: 'Lending',
    flow_repayment: 'Repayment',
    flow_other: 'Other screens',
    modeDefault: 'default',
    modeElder: 'elder',
    listening: 'Listening. Any page of the product open on this origin (the host simulator at /host/, or the page at /) reports here.',
    reporting: '{n} page(s) reporting.',
    noPageReporting: 'no page reporting',
    smallCopy: 'The small copy the map shows, at its own size. For the full-size screen, run {shots} (the browser-level run captures every screen), then {rebuild}.',
  },
  'zh-Hans': {
    skip: '跳到“实时”和“驱动”',
    mapTitle: '流程地图',
    chartOf: '{part}的状态图',
    wholeTitle: '整台状态机的状态图',
    toMap: '◀ 地图',
    wholeMachine: '整台状态机',
    find: '查找页面、规则或事件',
    findPlaceholder: '页面、文字或规则（任何语言）',
    found: '结果',
    fit: '适应窗口',
    fitTitle: '让状态图适应窗口（F）',
    zoomIn: '放大',
    zoomOut: '缩小',
    expandAll: '全部展开',
    collapseScreens: '折叠各页面',
    coverage: '覆盖情况',
    language: '语言',
    mode: '模式',
    exportSvg: '导出 SVG',
    exportMermaid: '导出 Mermaid',
    live: '实时',
    follow: '跟随',
    keepInView: '让当前状态保持在视野内',
    drive: '驱动一条生成路径',
    closeDetails: '关闭该状态的详情',
    close: '关闭',
    details: '详情',
    statesInside: '{n} 个状态',
    noShot: '暂无截图',
    noElderShot: '{locale}无长辈模式截图',
    noElderShotWhy: '{locale}没有长辈模式截图：npm run review:shots 只截取英语和简体中文的长辈模式。请选择这两种语言之一，或选择默认模式，即可看到页面。',
    fromScreens: '会话结束时从 {n} 个页面进入',
    noPicture: '该页面暂无截图：npm run review:shots 会截取每个页面。',
    enlarged: '地图上的小图，已放大：{command} 会截取原尺寸的页面。',
    mapStatus: '{flows} 个流程中的 {screens} 个页面状态 · 读自 appMachine（{states} 个状态节点，{transitions} 个转换）',
    kindScreen: '页面',
    kindRule: '规则或事件',
    kindStep: '步骤',
    nothingFound: '未找到：试试页面标题、页面上的文字或规则的用语',
    rulesOfScreen: '本页面的规则（{n}）',
    appliesEverywhere: '处处适用（{n}）：请求、签名、语言、设备保存的内容',
    calls: '对服务器的调用（{n}）',
    canDo: '借款人和服务器在此能做的事（{n}）',
    waysIn: '进入方式（{n}）',
    pathsReaching: '经过这里的生成路径',
    collapseState: '折叠该状态',
    expandState: '展开该状态',
    rulesInEnglish: '产品规则以英语写成。',
    whatChanged: '改动',
    comparedWith: '对比',
    against: '与{base}相比：',
    noChange: '行为无改动',
    changes: '{n} 处行为改动',
    oneChange: '1 处行为改动',
    pathsDiffer: '走法不同的生成路径（{n}）：由上面的改动引起',
    approvedMachine: '已批准的状态机',
    back: '◀ 上一步',
    forward: '下一步 ▶',
    play: '一直播放到结束',
    pause: '暂停',
    stop: '停止',
    stepOf: '第 {at} 步，共 {n} 步',
    waiting: '，正在等待页面',
    findPaths: '查找',
    path: '路径',
    pathsFilter: '页面、状态或事件',
    chooseOf: '从 {n} 条路径中选择',
    flow_boot: '启动与登录',
    flow_home: '首页',
    flow_rights: '权益卡',
    flow_overlays: '浮层页面',
    flow_funnel: '申请流程',
    flow_lending: '借款',
    flow_repayment: '还款',
    flow_other: '其他页面',
    modeDefault: '默认',
    modeElder: '长辈',
    listening: '正在监听。此来源上打开的任何产品页面（/host/ 的宿主模拟器，或 / 的页面）都会在此报告。',
    reporting: '{n} 个页面正在报告。',
    noPageReporting: '没有页面在报告',
    smallCopy: '地图上的小图，按原尺寸显示。要看原尺寸页面，请运行 {shots}（浏览器级运行会截取每个页面），然后运行 {rebuild}。',
  },
} as const satisfies Record<WordsLanguage, Record<string, string>>

export type PageWord = keyof (typeof words)['en']

let language: WordsLanguage = 'en'

/** The page's words in the reviewer's language, `{name}` filled from `values`. */
export function pageWord(key: PageWord, values: Record<string, string | number> = {}): string {
  return words[language][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}

/** Says the page's static labels in `lang`, and marks the document's language for screen readers and fonts. */
export function setPageWords(lang: WordsLanguage, root: Document = document): void {
  language = lang
  root.documentElement.lang = lang
  for (const el of root.querySelectorAll<HTMLElement>('[data-say]')) el.textContent = pageWord(el.dataset['say'] as PageWord)
  for (const el of root.querySelectorAll<HTMLInputElement>('[data-say-placeholder]')) el.placeholder = pageWord(el.dataset['sayPlaceholder'] as PageWord)
  for (const el of root.querySelectorAll<HTMLElement>('[data-say-label]')) el.setAttribute('aria-label', pageWord(el.dataset['sayLabel'] as PageWord))
  for (const el of root.querySelectorAll<HTMLElement>('[data-say-title]')) el.title = pageWord(el.dataset['sayTitle'] as PageWord)
}

/** A flow's name in the reviewer's language (the map's bands, the chart's title). */
export function flowName(id: string, otherwise: string): string {
  const key = `flow_${id}`
  return key in words.en ? pageWord(key as PageWord) : otherwise
}

/** Every entry, for the test that both languages have them all. */
export const pageWords = words
