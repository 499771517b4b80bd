/** SPEC §4 'Clock': the server's time (asked by the page head and the boot alike). */
export const CLOCK_PATH = '/1/now';
