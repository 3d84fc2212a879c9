/** Where the panel's rule links lead: docs/product-rules.md rendered beside the page's data (tests/model/engine/rules-artifacts.ts). */
export const rulesDocumentUrl = 'data/product-rules.html'
