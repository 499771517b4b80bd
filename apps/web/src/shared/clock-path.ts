/** docs/product.md §4 'Clock': the server's time (asked by the page head and the boot alike). */
export { BOOT_CLOCK_PATH as CLOCK_PATH } from '@storefront/domain';
