/** Where the server publishes the brand's public config (one path for the page head and the app). */
export const CONFIG_PATH = '/config.json';
