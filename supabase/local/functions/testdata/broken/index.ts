/** Test function: fails while loading, so it never serves (the platform answers 503 BOOT_ERROR). */
throw new Error('broken on purpose');
