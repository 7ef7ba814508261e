// A crawl's site is the registrable domain by the public-suffix list (tldts, here inside workerd):
// names under a shared suffix such as github.io or pages.dev are sites of their own.
import { describe, expect, it } from "vitest";
import { scopeOf, siteOf } from "../../../worker/crawl/links";

describe("the site a host belongs to", () => {
  it("is the registrable domain under an ICANN suffix, one or two labels long", () => {
    expect(siteOf("docs.example.com")).toBe("example.com");
    expect(siteOf("a.b.c.example.com")).toBe("example.com");
    expect(siteOf("developer.example.co.uk")).toBe("example.co.uk");
    expect(siteOf("api.example.com.au")).toBe("example.com.au");
  });

  it("is the whole name under a shared hosting suffix", () => {
    expect(siteOf("alice.github.io")).toBe("alice.github.io");
    expect(siteOf("docs.alice.github.io")).toBe("alice.github.io");
    expect(siteOf("project.netlify.app")).toBe("project.netlify.app");
    expect(siteOf("project.vercel.app")).toBe("project.vercel.app");
    expect(siteOf("project.pages.dev")).toBe("project.pages.dev");
    expect(siteOf("project.readthedocs.io")).toBe("project.readthedocs.io");
  });

  it("leaves IP addresses alone and keeps development names under localhost together", () => {
    expect(siteOf("127.0.0.1")).toBe("127.0.0.1");
    expect(siteOf("[::1]")).toBe("[::1]");
    expect(siteOf("api.localhost")).toBe("localhost");
    expect(siteOf("localhost")).toBe("localhost");
  });
});

describe("the scope of a crawl with subdomains", () => {
  it("keeps another project's github.io pages out", () => {
    const inScope = scopeOf(new URL("https://alice.github.io/tool/"), true);
    expect(inScope("https://alice.github.io/tool/guide")).toBe(true);
    expect(inScope("https://bob.github.io/tool/guide")).toBe(false);
    expect(inScope("https://github.io/")).toBe(false);
  });

  it("still reaches the subdomains of a registrable domain", () => {
    const inScope = scopeOf(new URL("https://example.com/docs/"), true);
    expect(inScope("https://api.example.com/reference")).toBe(true);
    expect(inScope("https://example.org/docs/")).toBe(false);
    const pages = scopeOf(new URL("https://alice.pages.dev/"), true);
    expect(pages("https://preview.alice.pages.dev/")).toBe(true);
    expect(pages("https://mallory.pages.dev/")).toBe(false);
  });
});
