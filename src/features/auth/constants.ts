/** GoTrue sends a confirmation at most once a minute (config.toml max_frequency). */
export const RESEND_COOL_DOWN_SECONDS = 60;
