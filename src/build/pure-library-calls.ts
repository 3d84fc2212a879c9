import type { Plugin } from 'vite'

/*
 * react-router publishes its components as `const Link = React.forwardRef(…)` followed by
 * `Link.displayName = "Link"`, with no pure annotations. To a bundler both are side effects, so a
 * page that uses only HashRouter and two hooks also ships Link, NavLink, Form, ScrollRestoration and
 * the data-router contexts. Marking those factory calls pure and dropping the
 * `displayName` lines, which only React's developer tools read, lets tree-shaking do its job.
 * Only react-router's own modules are touched; a future release written differently is left as is.
 */

const library = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/
const displayNameLine = /^[\w$]+\.displayName = "[^"\n]*";$/gm
const factoryCall = /= (React\d*\.(?:createContext|forwardRef|memo)\()/g

export function pureLibraryCalls(): Plugin {
  return {
    name: 'huaqian:pure-library-calls',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!library.test(id)) return null
      return { code: code.replace(displayNameLine, '').replace(factoryCall, '= /* @__PURE__ */ $1'), map: null }
    },
  }
}
