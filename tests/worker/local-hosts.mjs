// Outbound service of the worker tests: names under localhost (api.localhost, docs.localhost) reach
// the local fixture servers on 127.0.0.1, as their DNS records would in production; the original
// host travels in x-forwarded-host. Every other request goes out unchanged, one hop at a time.
export default {
  async fetch(request) {
    const url = new URL(request.url);
    if (!url.hostname.endsWith(".localhost")) return fetch(request, { redirect: "manual" });
    const host = url.host;
    url.hostname = "127.0.0.1";
    const headers = new Headers(request.headers);
    headers.set("x-forwarded-host", host);
    return fetch(new Request(url, { method: request.method, headers, body: request.body, redirect: "manual" }));
  },
};
