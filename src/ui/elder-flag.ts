/**
 * Elder-friendly mode is a class on <html> (the styles follow it) and, once the borrower turns it
 * on, a plain flag on the device (docs/decisions/011-elder-mode-and-large-text.md). Read before the first paint
 * by the head script; this module is all the entry carries of the mode.
 */
export const elderFlagKey = 'huaqian.elder'
export const elderClass = 'elder'
