import { ChevronDown } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { DropdownMenu, DropdownMenuItem } from '#client/components/ui/dropdown-menu.tsx';
import { STAGE_LABELS, STAGE_MOVES, type AdmissionStage } from '#shared/schemas/admission-stages.ts';

/** "Move to…": the stages the pipeline allows from here, by keyboard (arrows, Enter) or pointer. */
export function StageMenu({
  name,
  stage,
  onChoose,
}: {
  name: string;
  stage: AdmissionStage;
  onChoose: (to: AdmissionStage) => void;
}) {
  return (
    <DropdownMenu
      align="start"
      trigger={
        <Button size="sm" variant="secondary" aria-label={`Move ${name} to…`}>
          Move to… <ChevronDown size={14} aria-hidden="true" />
        </Button>
      }
    >
      {STAGE_MOVES[stage].map((to) => (
        <DropdownMenuItem key={to} onSelect={() => onChoose(to)}>
          {STAGE_LABELS[to]}
        </DropdownMenuItem>
      ))}
    </DropdownMenu>
  );
}
