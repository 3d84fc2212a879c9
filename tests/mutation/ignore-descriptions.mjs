import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin'

/*
 * The machine's `description` texts document each state and transition for the reviewer; no
 * behaviour reads them, so mutating them only makes survivors nobody could kill. The same goes for
 * `console` messages. Everything else in the machine is mutated.
 */
const ignorer = {
  shouldIgnore(path) {
    const parent = path.parentPath
    if (parent?.isObjectProperty() && !parent.node.computed && parent.node.value === path.node) {
      const key = parent.node.key
      if ((key.type === 'Identifier' && key.name === 'description') || (key.type === 'StringLiteral' && key.value === 'description')) {
        return 'a description is documentation: no behaviour reads it'
      }
    }
    return undefined
  },
}

export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, 'descriptions', ignorer)]
