import * as Dialog from '@radix-ui/react-dialog';
import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import '../../../components/widgets/widgets.css';
import { HELP_TEXTS } from '../texts';
import type { HelpTab } from '../texts';
import { HELP_CONTENT } from './help-guide-content';

type HelpGuidePanelProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The Help & Guide side panel: six tabs of educational guidance (section 2). */
export function HelpGuidePanel({ open, onOpenChange }: HelpGuidePanelProps) {
  const [tab, setTab] = useState<HelpTab>('overview');

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="side-panel help-panel">
          <header className="side-panel-head">
            <div>
              <Dialog.Title className="dialog-title">{HELP_TEXTS.title}</Dialog.Title>
              <Dialog.Description className="muted">
                How to read Nivesh&apos;s tools. Educational only, not investment advice.
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <button type="button" className="icon-button" aria-label={`Close ${HELP_TEXTS.title}`}>
                <span aria-hidden="true">×</span>
              </button>
            </Dialog.Close>
          </header>
          <Tabs.Root className="help-tabs" value={tab} onValueChange={(value) => setTab(value as HelpTab)}>
            <Tabs.List className="help-tab-list" aria-label="Help topics">
              {HELP_TEXTS.tabs.map(({ value, label }) => (
                <Tabs.Trigger key={value} value={value} className="help-tab">
                  {label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {HELP_TEXTS.tabs.map(({ value, label }) => {
              const Content = HELP_CONTENT[value];
              return (
                <Tabs.Content key={value} value={value} className="help-tab-panel">
                  <h2 className="help-tab-heading">{label}</h2>
                  <Content />
                </Tabs.Content>
              );
            })}
          </Tabs.Root>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
