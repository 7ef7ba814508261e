// Forwards each request to env.UPSTREAM, same path and query, and answers what it answers.
export default {
  fetch(request, env) {
    const url = new URL(request.url);
    return fetch(`${env.UPSTREAM}${url.pathname}${url.search}`, { method: request.method, headers: request.headers, body: request.body });
  },
};
