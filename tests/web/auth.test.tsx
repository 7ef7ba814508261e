// Route guards, the 401 rule, the sign-in screens and the 404 page.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import * as fx from "./fixtures";
import { fail, mockApi, ok, renderApp } from "./helpers";

describe("route guards", () => {
  it("sends signed-out users to /login and keeps the page they came from", async () => {
    mockApi({ "GET /api/auth/profile": fail(401, "Unauthorized") });
    const { router } = renderApp("/tokens");
    expect(await screen.findByRole("button", { name: "Sign In" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(router.state.location.search).toEqual({ redirect: "/tokens" });
  });

  it("shows Access Denied with Go Back to a non-superuser on /superadmin", async () => {
    mockApi({ "GET /api/auth/profile": ok(fx.user) });
    renderApp("/superadmin");
    expect(await screen.findByRole("heading", { name: "Access Denied" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Go Back" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Superadmin" })).not.toBeInTheDocument();
  });

  it("shows the Administration group to superusers only", async () => {
    mockApi({ "GET /api/auth/profile": ok(fx.superUser), "GET /api/superadmin/servers": ok([]) });
    renderApp("/superadmin");
    expect(await screen.findByRole("heading", { name: "MCP Server Management" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Superadmin" })).toBeInTheDocument();
    expect(screen.getByText("Version 1.0.0")).toBeInTheDocument();
  });

  it("sends an already signed-in user on /login back to the page they came from", async () => {
    mockApi({ "GET /api/auth/profile": ok(fx.user), "GET /api/access-tokens": ok([]) });
    const { router } = renderApp("/login?redirect=%2Ftokens");
    await waitFor(() => expect(router.state.location.pathname).toBe("/tokens"));
  });
});

describe("the 401 rule", () => {
  it("redirects to /login when any call answers 401", async () => {
    mockApi({ "GET /api/auth/profile": ok(fx.user), "GET /api/access-tokens": fail(401, "Unauthorized") });
    const { router } = renderApp("/tokens");
    expect(await screen.findByRole("button", { name: "Sign In" })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ redirect: "/tokens" });
  });

  it("stays on / when a call there answers 401", async () => {
    mockApi({ "GET /api/auth/profile": ok(fx.user), "GET /api/servers": fail(401, "Session expired") });
    const { router } = renderApp("/");
    expect(await screen.findByText("Session expired")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
  });
});

describe("a failed sign-in check", () => {
  it("says 'Authentication error' with the message once, on a guarded page", async () => {
    mockApi({ "GET /api/auth/profile": fail(503, "The database is unavailable") });
    renderApp("/tokens");
    expect(await screen.findByText("Authentication error")).toBeInTheDocument();
    expect(screen.getByText("The database is unavailable")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Sign In" })).toBeInTheDocument();
    expect(screen.getAllByText("Authentication error")).toHaveLength(1);
  });

  it("says it on /login too", async () => {
    mockApi({ "GET /api/auth/profile": fail(502, "The sign-in service did not answer") });
    renderApp("/login");
    expect(await screen.findByText("The sign-in service did not answer")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign In" })).toBeInTheDocument();
  });
});

describe("the password form", () => {
  it("shows field errors and the server's error text", async () => {
    const refusal = "This password is one of the most commonly used passwords. Please choose a less common one.";
    mockApi({
      "GET /api/auth/profile": fail(401, "Unauthorized"),
      "POST /api/auth/sign-up/email": fail(400, refusal),
    });
    renderApp("/login?method=password");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Sign up for free" }));
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("Enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 8 characters")).toBeInTheDocument();
    expect(screen.getByText("Enter your name")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Name"), "Ada");
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "        ");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("Password cannot be only spaces.")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Password"));
    await user.type(screen.getByLabelText("Password"), "password1");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(refusal);
  });

  it("signs up, then signs in with the same credentials and goes to the page the user came from", async () => {
    const calls = mockApi({
      "GET /api/auth/profile": fail(401, "Unauthorized"),
      "POST /api/auth/sign-up/email": ok({ user: fx.user }),
      "POST /api/auth/sign-in/email": ok({ user: fx.user }),
      "GET /api/access-tokens": ok([]),
    });
    const { router } = renderApp("/login?method=password&redirect=%2Ftokens");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Sign up for free" }));
    await user.type(screen.getByLabelText("Name"), "Ada");
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "correct horse");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/tokens"));
    expect(calls.filter((c) => c.method === "POST").map((c) => [c.path, c.body])).toEqual([
      ["/api/auth/sign-up/email", { name: "Ada", email: "ada@example.com", password: "correct horse" }],
      ["/api/auth/sign-in/email", { email: "ada@example.com", password: "correct horse" }],
    ]);
  });

  it("says to sign in instead when the sign-up's sign-in is refused, and stays on the form", async () => {
    mockApi({
      "GET /api/auth/profile": fail(401, "Unauthorized"),
      "POST /api/auth/sign-up/email": ok({ user: fx.user }),
      "POST /api/auth/sign-in/email": fail(401, "Invalid email or password"),
    });
    const { router } = renderApp("/login?method=password");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Sign up for free" }));
    await user.type(screen.getByLabelText("Name"), "Ada");
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "correct horse");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "We could not sign you in with this email and password. If you already have an account, sign in with its password instead.",
    );
    expect(router.state.location.pathname).toBe("/login");
  });

  it("signs in and goes to the page the user came from", async () => {
    const calls = mockApi({
      "GET /api/auth/profile": fail(401, "Unauthorized"),
      "POST /api/auth/sign-in/email": ok({ user: fx.user }),
      "GET /api/access-tokens": ok([]),
    });
    const { router } = renderApp("/login?method=password&redirect=%2Ftokens");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "correct horse");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/tokens"));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ email: "ada@example.com", password: "correct horse" });
  });
});

describe("the Sign In button", () => {
  it("opens the built-in form in place, keeping the page to return to, when the portal signs in by password", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    mockApi({ "GET /api/auth/profile": fail(401, "Unauthorized"), "GET /api/auth/sign-in-method": ok({ method: "password" }) });
    const { router, queryClient } = renderApp("/login?redirect=%2Ftokens");
    const user = userEvent.setup();
    await waitFor(() => expect(queryClient.getQueryData(["auth", "sign-in-method"])).toEqual({ method: "password" }));
    await user.click(await screen.findByRole("button", { name: "Sign In" }));
    expect(await screen.findByLabelText("Email")).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ method: "password", redirect: "/tokens" });
    expect(assign).not.toHaveBeenCalled();
  });

  it("goes to the provider through /api/auth/login when one is configured", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    mockApi({ "GET /api/auth/profile": fail(401, "Unauthorized"), "GET /api/auth/sign-in-method": ok({ method: "oidc" }) });
    const { queryClient } = renderApp("/login?redirect=%2Ftokens");
    const user = userEvent.setup();
    await waitFor(() => expect(queryClient.getQueryData(["auth", "sign-in-method"])).toEqual({ method: "oidc" }));
    await user.click(await screen.findByRole("button", { name: "Sign In" }));
    expect(assign).toHaveBeenCalledWith("/api/auth/login?redirect=%2Ftokens");
  });
});

describe("sign-in completion", () => {
  it("shows the error with details and a homepage link", async () => {
    mockApi({});
    renderApp("/auth/callback?error=access_denied");
    expect(await screen.findByRole("heading", { name: "Authentication Error" })).toBeInTheDocument();
    expect(screen.getByText("Error details")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to homepage" })).toBeInTheDocument();
  });

  it("shows the issue message when the user is not signed in", async () => {
    mockApi({ "GET /api/auth/profile": fail(401, "Unauthorized") });
    renderApp("/auth/callback");
    expect(await screen.findByRole("heading", { name: "Authentication Issue" })).toBeInTheDocument();
    expect(screen.getByText("There was a problem completing your sign in.")).toBeInTheDocument();
  });

  it("redirects a signed-in user to /", async () => {
    mockApi({ "GET /api/auth/profile": ok(fx.user), "GET /api/servers": ok([]) });
    const { router } = renderApp("/auth/callback");
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });
});

it("shows Page Not Found with Go Home and Go Back for unknown paths", async () => {
  mockApi({});
  renderApp("/no/such/page");
  expect(await screen.findByRole("heading", { name: "Page Not Found" })).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Go Home" })).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Go Back" })).toBeInTheDocument();
});

it("goes home from Go Back when the tab opened on the page", async () => {
  mockApi({ "GET /api/auth/profile": ok(fx.user), "GET /api/servers": ok([]), "GET /api/access-tokens": ok([]) });
  const { router } = renderApp("/superadmin");
  await userEvent.click(await screen.findByRole("button", { name: "Go Back" }));
  await waitFor(() => expect(router.state.location.pathname).toBe("/"));
});

describe("the app shell", () => {
  it("marks Servers as the current page on / as on /servers", async () => {
    mockApi({ "GET /api/auth/profile": ok(fx.user), "GET /api/servers": ok([]), "GET /api/access-tokens": ok([]) });
    renderApp("/");
    expect(await screen.findByRole("link", { name: "Servers" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Access Tokens" })).not.toHaveAttribute("aria-current");
  });

  it("shows the email's first letter in the avatar of a user without a name", async () => {
    mockApi({ "GET /api/auth/profile": ok({ ...fx.user, name: "" }), "GET /api/servers": ok([]), "GET /api/access-tokens": ok([]) });
    renderApp("/");
    const avatarLetter = fx.user.email[0]!.toUpperCase();
    expect(await screen.findByText(avatarLetter)).toBeInTheDocument();
  });
});
