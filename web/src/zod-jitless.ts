// The portal's Content-Security-Policy forbids eval, so zod must not probe for it: the probe runs when
// a schema is built, and the browser reports it as a violation even though zod catches it.
import { z } from "zod";

z.config({ jitless: true });
