// Source step: OpenAPI Spec (URL or .json/.yaml/.yml upload, optional name and description) or Crawl
// Documentation, as one react-hook-form form checked by zod; failures appear in the 'Crawl Failed' box.
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, FileCode2, Globe, Loader2 } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { errorMessage } from "@/api/client";
import { duplicateNameMessage } from "@/api/messages";
import type { ImportJob } from "@/api/imports";
import { createServer, serversQuery, type Server } from "@/api/servers";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { CrawlProgress } from "../crawl/crawl-progress";
import { PageSelectionDialog } from "../crawl/page-selection-dialog";
import { useCrawlFlow } from "../crawl/use-crawl-flow";
import { DraftSlot } from "./draft-slot";

const ACCEPTED = /\.(json|ya?ml)$/i;
export const FILE_TYPE_MESSAGE = "Please choose a .json, .yaml or .yml file";
/** The server's limits (worker/servers/source.ts), so the fields stop there instead of a refusal after upload. */
export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 2000;
const URL_MAX = 2048;

/** An accepted description file, or none. */
export const sourceFileSchema = z.instanceof(File).refine((file) => ACCEPTED.test(file.name), FILE_TYPE_MESSAGE).nullable();
/** The source form: a URL or a file (the button waits for one of them), and the optional details. */
export const sourceSchema = z
  .object({
    name: z.string().max(NAME_MAX),
    description: z.string().max(DESCRIPTION_MAX),
    url: z.string().trim().max(URL_MAX),
    file: sourceFileSchema,
  })
  .refine((v) => v.url !== "" || v.file !== null, { path: ["url"], message: "Give a URL or choose a file" });
type SourceValues = z.input<typeof sourceSchema>;

type Props = { onCreated: (server: Server) => void; onCancel: () => void };

export function SourceStep({ onCreated, onCancel }: Props) {
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<"spec" | "crawl" | null>(null);
  const form = useForm<SourceValues>({ resolver: zodResolver(sourceSchema), defaultValues: { name: "", description: "", url: "", file: null } });
  const [url, file] = useWatch({ control: form.control, name: ["url", "file"] });
  const [job, setJob] = useState<ImportJob | null>(null);
  const flow = useCrawlFlow({ onCreated });
  const existing = useQuery(serversQuery);
  const create = useMutation({
    mutationFn: ({ name, description, url, file }: SourceValues) => {
      setJob(null);
      return createServer({ file: file ?? null, url: file ? undefined : url, name, description }, setJob);
    },
    onSuccess: async (server) => {
      await queryClient.invalidateQueries({ queryKey: serversQuery.queryKey });
      onCreated(server);
    },
  });
  const processing = create.isPending || flow.phase !== "idle";
  const fileError = form.formState.errors.file?.message;
  const nameError = form.formState.errors.name?.message;
  const error = method === "spec" ? (fileError ?? (create.isError ? errorMessage(create.error, "Failed to create server") : null)) : flow.error;

  if (!method) {
    return (
      <div className="space-y-4">
        <DraftSlot />
        <p className="text-sm text-muted-foreground">How would you like to describe your API?</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <MethodButton icon={<FileCode2 />} title="OpenAPI Spec" text="Import an OpenAPI description from a URL or a file." onClick={() => setMethod("spec")} />
          <MethodButton icon={<Globe />} title="Crawl Documentation" text="Crawl your API documentation pages and generate the description." onClick={() => setMethod("crawl")} />
        </div>
        <div className="flex justify-end">
          <Button type="button" variant="outline" onClick={onCancel}>Cancel</Button>
        </div>
      </div>
    );
  }

  const chooseFile = (chosen: File | null) => {
    // A new choice replaces the last refusal, which was about another source; a refused file is not kept.
    create.reset();
    const checked = sourceFileSchema.safeParse(chosen);
    if (checked.success) form.clearErrors("file");
    else form.setError("file", { message: checked.error.issues[0]?.message });
    form.setValue("file", checked.success ? checked.data : null);
  };
  const canSubmit = method === "spec" ? !!(url.trim() || file) : !!url.trim();
  const submit = form.handleSubmit((values) => {
    if (processing) return;
    // Names are unique in the organization (the API says so too): a name already used is said here, before any upload.
    const name = values.name.trim();
    if (name && existing.data?.some((s) => s.name.trim().toLowerCase() === name.toLowerCase())) return form.setError("name", { message: duplicateNameMessage(name) });
    if (method === "spec") create.mutate(values);
    else flow.begin(values.url, { name: values.name, description: values.description });
  });

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <button type="button" className="flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground" onClick={() => { setMethod(null); create.reset(); flow.setError(null); }} disabled={processing}>
        <ArrowLeft className="size-4" aria-hidden /> Back to method choice
      </button>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor="source-name">Name (optional)</Label>
          <Input
            id="source-name"
            {...form.register("name", { onChange: () => form.clearErrors("name") })}
            placeholder="My API"
            maxLength={NAME_MAX}
            disabled={processing}
            aria-invalid={!!nameError}
            aria-describedby={nameError ? "source-name-error" : undefined}
          />
          {nameError && <p id="source-name-error" role="alert" className="text-sm text-red-700">{nameError}</p>}
        </div>
        <div className="space-y-2 sm:row-span-2">
          <Label htmlFor="source-description">Description (optional)</Label>
          <Textarea id="source-description" {...form.register("description")} placeholder="What the API does" maxLength={DESCRIPTION_MAX} disabled={processing} />
        </div>
      </div>
      {method === "spec" ? (
        <div className="space-y-4">
          <div className="space-y-2">
            <Label htmlFor="source-url">OpenAPI URL</Label>
            <Input id="source-url" type="url" {...form.register("url")} placeholder="https://api.example.com/openapi.json" maxLength={URL_MAX} disabled={processing || !!file} />
          </div>
          <p className="text-center text-xs text-muted-foreground uppercase">or</p>
          <div className="space-y-2">
            <Label htmlFor="source-file">Upload a file (.json, .yaml, .yml)</Label>
            <Input id="source-file" type="file" accept=".json,.yaml,.yml" onChange={(e) => chooseFile(e.target.files?.[0] ?? null)} disabled={processing} aria-describedby="source-file-limit" />
            <p id="source-file-limit" className="text-xs text-muted-foreground">Up to 100 MB. Descriptions over 20 MB (JSON) are imported in the background, every operation as a tool.</p>
          </div>
          {create.isPending && job && <ImportProgressBox job={job} />}
        </div>
      ) : (
        <div className="space-y-2">
          <Label htmlFor="source-docs-url">Documentation URL</Label>
          <Input id="source-docs-url" type="url" required {...form.register("url")} placeholder="https://docs.example.com" maxLength={URL_MAX} disabled={processing} />
        </div>
      )}
      {method === "crawl" && flow.phase !== "idle" && flow.phase !== "selecting" && (
        <CrawlProgress phase={flow.phase} status={flow.status} messages={flow.messages} progress={flow.progress} onCancel={flow.cancel} />
      )}
      <DraftSlot />
      {error && (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-800">
          <p className="font-medium">Crawl Failed</p>
          <p>{error}</p>
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>Cancel</Button>
        <Button type="submit" disabled={!canSubmit || processing}>
          {processing && <Loader2 className="animate-spin" aria-hidden />}
          {method === "spec" ? "Next: Configure Authentication" : "Start crawling"}
        </Button>
      </div>
      {flow.phase === "selecting" && (
        <PageSelectionDialog open links={flow.links} discovery={flow.discovery} onCancel={flow.closeSelection} onStart={flow.crawl} />
      )}
    </form>
  );
}

function MethodButton({ icon, title, text, onClick }: { icon: React.ReactNode; title: string; text: string; onClick: () => void }) {
  return (
    <button type="button" onClick={onClick} className="flex flex-col items-start gap-2 rounded-lg border p-4 text-left transition-colors hover:border-primary hover:bg-muted/40 [&_svg]:size-6">
      {icon}
      <span className="font-medium">{title}</span>
      <span className="text-sm text-muted-foreground">{text}</span>
    </button>
  );
}

/** A large description's import job: stored, then converting path items, with the tools so far. */
function ImportProgressBox({ job }: { job: ImportJob }) {
  const { pathItems, totalPathItems, tools, bytes } = job.progress;
  const percent = totalPathItems > 0 ? Math.round((pathItems / totalPathItems) * 100) : 0;
  const text =
    job.status === "pending"
      ? `Description stored (${(bytes / 1024 / 1024).toFixed(1)} MB); the import starts in a moment…`
      : totalPathItems > 0
        ? `Converting paths: ${pathItems.toLocaleString()} of ${totalPathItems.toLocaleString()} · ${tools.toLocaleString()} tools so far`
        : "Reading the description…";
  return (
    <div role="status" aria-label="Import progress" className="space-y-2 rounded-md border p-3 text-sm">
      <p className="font-medium">Importing a large description</p>
      <p className="text-muted-foreground">{text}</p>
      <div role="progressbar" aria-label="Paths converted" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 overflow-hidden rounded bg-muted">
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
