// Where a crawl's data lives in KV: each crawled page's Markdown and the descriptions extracted from
// the pages. A leaf module, so the queue consumer and the jobs it runs both name the keys without
// importing each other.

/** KV key of a crawled page's Markdown. */
export const pageContentKey = (crawlId: string, url: string) => `crawl:${crawlId}:page:${url}`;

/** KV key of a description extracted from a crawl. */
export const specContentKey = (specId: string) => `spec:crawl:${specId}`;
