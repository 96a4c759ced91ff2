// The app's colours outside CSS: the theme-color meta of every page and the web manifest share them.
export const THEME_COLOR = '#e11d63';
export const BACKGROUND_COLOR = '#ffffff';
