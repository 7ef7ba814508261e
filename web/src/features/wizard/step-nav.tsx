// The wizard's step indicator; a step is a button when the jump rules allow going there.
import { Check } from "@/components/icons";
import { cn } from "@/lib/utils";
import { STEP_LABELS, type StepId } from "./steps";

type Props = { steps: StepId[]; current: StepId; canJump: (step: StepId) => boolean; onJump: (step: StepId) => void };

export function StepNav({ steps, current, canJump, onJump }: Props) {
  const at = steps.indexOf(current);
  return (
    <nav aria-label="Wizard steps">
      <ol className="flex flex-wrap gap-1.5">
        {steps.map((step, i) => (
          <li key={step}>
            <button
              type="button"
              onClick={() => onJump(step)}
              disabled={step === current || !canJump(step)}
              aria-current={step === current ? "step" : undefined}
              className={cn(
                "flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-medium transition-colors disabled:cursor-default",
                step === current ? "border-primary bg-primary text-primary-foreground" : i < at ? "bg-muted" : "text-muted-foreground",
                step !== current && canJump(step) && "hover:border-primary",
              )}
            >
              <span className="flex size-4 items-center justify-center rounded-full bg-background/20 text-[10px]">
                {i < at ? <Check className="size-3" aria-hidden /> : i + 1}
              </span>
              {STEP_LABELS[step]}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
