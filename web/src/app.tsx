// The portal shell: shows who is signed in, or the built-in sign-in and sign-up form.
import { useEffect, useState, type FormEvent } from "react";

type Profile = { name: string; email: string; picture: string | null; superUser: boolean };
type AuthState = { status: "loading" } | { status: "signed-out" } | { status: "signed-in"; profile: Profile };

async function loadProfile(): Promise<AuthState> {
  const res = await fetch("/api/auth/profile", { credentials: "include" });
  if (!res.ok) return { status: "signed-out" };
  const body = (await res.json()) as { data: Profile };
  return { status: "signed-in", profile: body.data };
}

export function App() {
  const [auth, setAuth] = useState<AuthState>({ status: "loading" });
  useEffect(() => {
    loadProfile().then(setAuth, () => setAuth({ status: "signed-out" }));
  }, []);

  if (auth.status === "loading") return <p role="status">Loading…</p>;
  if (auth.status === "signed-out") return <SignInForm onSignedIn={() => loadProfile().then(setAuth)} />;
  return (
    <main style={{ fontFamily: "system-ui", padding: 32 }}>
      <h1>Toolport</h1>
      <p>
        Signed in as <strong>{auth.profile.name}</strong> ({auth.profile.email})
        {auth.profile.superUser ? " · superuser" : ""}
      </p>
      <a href="/api/auth/logout">Logout</a>
    </main>
  );
}

function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [mode, setMode] = useState<"sign-in" | "sign-up">("sign-in");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const form = Object.fromEntries(new FormData(event.currentTarget));
    const res = await fetch(`/api/auth/${mode}/email`, {
      method: "POST",
      credentials: "include",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(form),
    });
    setBusy(false);
    if (res.ok) return onSignedIn();
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    setError(body?.error ?? "Sign-in failed");
  }

  return (
    <main style={{ fontFamily: "system-ui", padding: 32, maxWidth: 360 }}>
      <h1>Toolport</h1>
      <form onSubmit={submit} style={{ display: "grid", gap: 8 }}>
        {mode === "sign-up" && (
          <label>
            Name <input name="name" required autoComplete="name" />
          </label>
        )}
        <label>
          Email <input name="email" type="email" required autoComplete="email" />
        </label>
        <label>
          Password <input name="password" type="password" required minLength={8} autoComplete="current-password" />
        </label>
        {error && <p role="alert">{error}</p>}
        <button type="submit" disabled={busy}>
          {mode === "sign-in" ? "Sign In" : "Sign Up"}
        </button>
      </form>
      <button type="button" onClick={() => setMode(mode === "sign-in" ? "sign-up" : "sign-in")}>
        {mode === "sign-in" ? "New here? Sign up for free" : "Have an account? Sign in"}
      </button>
    </main>
  );
}
