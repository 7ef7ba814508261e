// Source step: OpenAPI Spec (URL or .json/.yaml/.yml upload, optional name and description) or Crawl
// Documentation, as one react-hook-form form checked by zod; failures appear in the 'Crawl Failed' box.
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, FileCode2, Globe, Loader2 } from "@/components/icons";
import { useState } from "react";
import { type UseFormReturn, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { errorMessage } from "@/api/client";
import { duplicateNameMessage } from "@/api/messages";
import type { ImportJob } from "@/api/imports";
import { createServer, serversQuery, type Server } from "@/api/servers";
import { Field } from "@/components/field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
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
export const sourceFileSchema = z
  .instanceof(File)
  .refine((file) => ACCEPTED.test(file.name), FILE_TYPE_MESSAGE)
  .nullable();
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
  const form = useForm<SourceValues>({
    resolver: zodResolver(sourceSchema),
    defaultValues: { name: "", description: "", url: "", file: null },
  });
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
  const error =
    method === "spec" ? (fileError ?? (create.isError ? errorMessage(create.error, "Failed to create server") : null)) : flow.error;

  if (!method) return <MethodChoice onChoose={setMethod} onCancel={onCancel} />;

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
    if (name && existing.data?.some((s) => s.name.trim().toLowerCase() === name.toLowerCase()))
      return form.setError("name", { message: duplicateNameMessage(name) });
    if (method === "spec") create.mutate(values);
    else flow.begin(values.url, { name: values.name, description: values.description });
  });

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <button
        type="button"
        className="flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        onClick={() => {
          setMethod(null);
          create.reset();
          flow.setError(null);
        }}
        disabled={processing}
      >
        <ArrowLeft className="size-4" aria-hidden /> Back to method choice
      </button>
      <SourceDetails form={form} disabled={processing} />
      {method === "spec" ? (
        <div className="space-y-4">
          <SpecSource form={form} disabled={processing} hasFile={!!file} onFile={chooseFile} />
          {create.isPending && job && <ImportProgressBox job={job} />}
        </div>
      ) : (
        <Field id="source-docs-url" label="Documentation URL">
          {(control) => (
            <Input
              {...control}
              type="url"
              required
              {...form.register("url")}
              placeholder="https://docs.example.com"
              maxLength={URL_MAX}
              disabled={processing}
            />
          )}
        </Field>
      )}
      {method === "crawl" && flow.phase !== "idle" && flow.phase !== "selecting" && (
        <CrawlProgress phase={flow.phase} status={flow.status} messages={flow.messages} progress={flow.progress} onCancel={flow.cancel} />
      )}
      <DraftSlot />
      {error && <CrawlFailed error={error} />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
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

/** The first screen: describe the API by its OpenAPI description or by crawling its documentation. */
function MethodChoice({ onChoose, onCancel }: { onChoose: (method: "spec" | "crawl") => void; onCancel: () => void }) {
  return (
    <div className="space-y-4">
      <DraftSlot />
      <p className="text-sm text-muted-foreground">How would you like to describe your API?</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <MethodButton
          icon={<FileCode2 />}
          title="OpenAPI Spec"
          text="Import an OpenAPI description from a URL or a file."
          onClick={() => onChoose("spec")}
        />
        <MethodButton
          icon={<Globe />}
          title="Crawl Documentation"
          text="Crawl your API documentation pages and generate the description."
          onClick={() => onChoose("crawl")}
        />
      </div>
      <div className="flex justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

type SourceForm = { form: UseFormReturn<SourceValues>; disabled: boolean };

/** The server's optional name (unique in the organization) and description. */
function SourceDetails({ form, disabled }: SourceForm) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id="source-name" label="Name (optional)" error={form.formState.errors.name?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register("name", { onChange: () => form.clearErrors("name") })}
            placeholder="My API"
            maxLength={NAME_MAX}
            disabled={disabled}
          />
        )}
      </Field>
      <Field id="source-description" label="Description (optional)" className="space-y-2 sm:row-span-2">
        {(control) => (
          <Textarea
            {...control}
            {...form.register("description")}
            placeholder="What the API does"
            maxLength={DESCRIPTION_MAX}
            disabled={disabled}
          />
        )}
      </Field>
    </div>
  );
}

/** An OpenAPI description by URL, or else by an uploaded file. */
function SpecSource({ form, disabled, hasFile, onFile }: SourceForm & { hasFile: boolean; onFile: (file: File | null) => void }) {
  return (
    <>
      <Field id="source-url" label="OpenAPI URL">
        {(control) => (
          <Input
            {...control}
            type="url"
            {...form.register("url")}
            placeholder="https://api.example.com/openapi.json"
            maxLength={URL_MAX}
            disabled={disabled || hasFile}
          />
        )}
      </Field>
      <p className="text-center text-xs text-muted-foreground uppercase">or</p>
      <Field
        id="source-file"
        label="Upload a file (.json, .yaml, .yml)"
        hint="Up to 100 MB. Descriptions over 20 MB (JSON) are imported in the background, every operation as a tool."
      >
        {(control) => (
          <Input
            {...control}
            type="file"
            accept=".json,.yaml,.yml"
            onChange={(e) => onFile(e.target.files?.[0] ?? null)}
            disabled={disabled}
          />
        )}
      </Field>
    </>
  );
}

/** Why the last try failed: a refused description, or a crawl that did not finish. */
function CrawlFailed({ error }: { error: string }) {
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-800">
      <p className="font-medium">Crawl Failed</p>
      <p>{error}</p>
    </div>
  );
}

function MethodButton({ icon, title, text, onClick }: { icon: React.ReactNode; title: string; text: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex flex-col items-start gap-2 rounded-lg border p-4 text-left transition-colors hover:border-primary hover:bg-muted/40 [&_svg]:size-6"
    >
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
      <div
        role="progressbar"
        aria-label="Paths converted"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
