/**
 * An Export button (issue 27): starts the export as a server job, shows its progress live (rows
 * written of the total, over Socket.IO), downloads the file when it is ready and keeps a Download
 * link for the 24 h the file is kept. Errors show a toast; the button can be pressed again.
 */
import { Button, HStack, Link, Progress, Text, VisuallyHidden, type ButtonProps } from '@chakra-ui/react';
import { QueueName, type BuildExportProgress, type ExportFile, type ExportKind } from '@ironclad/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { notify } from '../../components/ui/toaster';
import { watchJob } from '../../lib/socket';
import { downloadFromLink, fetchExportFile, startExport } from '../leads/api/exports';

type ExportState =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'running'; id: string; rows: number; total: number }
  | { phase: 'done'; file: ExportFile };

const count = new Intl.NumberFormat('en-US');

const failed = () => notify({ title: 'Export failed', description: 'Please try again.', type: 'error' });

export function ExportButton({ kind, children, ...buttonProps }: { kind: ExportKind; children: ReactNode } & Omit<ButtonProps, 'onClick'>) {
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const stopWatching = useRef<(() => void) | null>(null);
  useEffect(() => () => stopWatching.current?.(), []);

  const finish = async (id: string) => {
    stopWatching.current?.();
    stopWatching.current = null;
    try {
      const file = await fetchExportFile(id);
      if (file.status !== 'done' || !file.downloadUrl) throw new Error(file.error ?? 'not done');
      setState({ phase: 'done', file });
      downloadFromLink(file.downloadUrl, file.filename);
    } catch {
      setState({ phase: 'idle' });
      failed();
    }
  };

  const start = async () => {
    setState({ phase: 'starting' });
    try {
      const { export: file, job } = await startExport(kind);
      setState({ phase: 'running', id: file.id, rows: 0, total: 0 });
      stopWatching.current = watchJob(
        job.id,
        (update) => {
          if (update.state === 'progress') {
            const p = update.progress as BuildExportProgress | undefined;
            if (p && typeof p.rows === 'number')
              setState((s) => (s.phase === 'running' && s.id === file.id ? { ...s, rows: p.rows, total: p.total } : s));
          } else if (update.state === 'completed') void finish(file.id);
          else if (update.state === 'failed') {
            stopWatching.current?.();
            stopWatching.current = null;
            setState({ phase: 'idle' });
            failed();
          }
        },
        QueueName.Exports,
      );
    } catch {
      setState({ phase: 'idle' });
      failed();
    }
  };

  const busy = state.phase === 'starting' || state.phase === 'running';
  const label = typeof children === 'string' ? children : kind;
  return (
    <HStack gap="3" wrap="wrap" data-testid={`export-${kind}`} data-phase={state.phase}>
      <Button {...buttonProps} onClick={() => void start()} loading={busy} loadingText={busy ? 'Exporting…' : undefined}>
        {children}
      </Button>
      {state.phase === 'running' && (
        <HStack gap="2" minW="40">
          <Progress.Root
            flex="1"
            minW="24"
            size="sm"
            value={state.total ? Math.round((state.rows / state.total) * 100) : null}
            colorPalette="brand"
          >
            <Progress.Track
              aria-label={`${label} progress`}
              aria-valuetext={`${count.format(state.rows)} of ${count.format(state.total)} rows`}
            >
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text fontSize="xs" color="fg.muted" aria-hidden>
            {count.format(state.rows)} / {count.format(state.total)}
          </Text>
        </HStack>
      )}
      {state.phase === 'done' && state.file.downloadUrl && (
        <Link href={state.file.downloadUrl} download={state.file.filename} fontSize="sm" colorPalette="brand">
          Download<VisuallyHidden> {state.file.filename}</VisuallyHidden> ({count.format(state.file.rows)} rows)
        </Link>
      )}
      <VisuallyHidden aria-live="polite">
        {state.phase === 'running' ? `Exporting ${label}` : state.phase === 'done' ? `${state.file.filename} is ready to download` : ''}
      </VisuallyHidden>
    </HStack>
  );
}
