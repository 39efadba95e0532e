/**
 * Upload Excel (staff-side.md §2, §4 "Upload has an uploading state", §8): choose a workbook,
 * check it (a dry run: what each row would do, every error with its cell reference), then Apply,
 * which imports every row in one go or nothing. The api's message is shown in the success toast;
 * a refused file shows the §8 error toast and the api's reason in the dialog.
 */
import { Badge, Box, Button, CloseButton, Dialog, Field, Flex, Input, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { INVENTORY_IMPORT_LIMITS, type ImportDryRunResponse, type ImportRow } from '@ironclad/contracts';
import { useEffect, useState } from 'react';
import { notify } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api';
import { useApplyImport, useDryRun } from '../api/inventory';

const ACTION_COLORS: Record<ImportRow['action'], string> = { create: 'green', update: 'blue', unchanged: 'gray', error: 'red' };
const ACTION_LABELS: Record<ImportRow['action'], string> = { create: 'New', update: 'Update', unchanged: 'Unchanged', error: 'Error' };
const MAX_MB = INVENTORY_IMPORT_LIMITS.maxFileBytes / (1024 * 1024);

/** The api's reason for refusing a file, else a generic one. */
const reasonOf = (err: unknown) =>
  err instanceof ApiError && err.body?.message ? err.body.message : 'The file could not be uploaded. Please try again.';

/** A value of the change report as text. */
const show = (v: unknown) => (v === null || v === undefined || v === '' ? '(empty)' : typeof v === 'string' ? v : JSON.stringify(v));

export function InventoryUploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportDryRunResponse | null>(null);
  const [showUnchanged, setShowUnchanged] = useState(false);
  const dryRun = useDryRun();
  const apply = useApplyImport();
  const { reset: resetDryRun } = dryRun;
  const { reset: resetApply } = apply;

  useEffect(() => {
    if (open) return;
    setFile(null);
    setReport(null);
    setShowUnchanged(false);
    resetDryRun();
    resetApply();
  }, [open, resetDryRun, resetApply]);

  const check = (f: File) => {
    setReport(null);
    resetApply();
    dryRun.mutate(f, { onSuccess: setReport });
  };
  const applyNow = () => {
    if (!file) return;
    apply.mutate(file, {
      onSuccess: (res) => {
        notify({ type: 'success', title: 'Success', description: res.message });
        onClose();
      },
    });
  };

  const busy = dryRun.isPending || apply.isPending;
  const failure = dryRun.error ?? apply.error;
  const rows = report ? report.rows.filter((r) => showUnchanged || r.action !== 'unchanged') : [];
  const s = report?.summary;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        if (!e.open && !busy) onClose();
      }}
      size="xl"
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Upload Excel</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Field.Root>
                  <Field.Label>Workbook (.xlsx)</Field.Label>
                  <Input
                    type="file"
                    accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                    p="1"
                    onChange={(e) => {
                      const f = e.target.files?.[0] ?? null;
                      setFile(f);
                      if (f) check(f);
                    }}
                  />
                  <Field.HelperText>
                    The first sheet, with a header row as in the export (SKU, Category, Name, Unit Price (USD) required). Rows are matched
                    by SKU. At most {MAX_MB} MB and {INVENTORY_IMPORT_LIMITS.maxRows.toLocaleString('en-US')} rows.
                  </Field.HelperText>
                </Field.Root>

                <Box aria-live="polite">
                  {dryRun.isPending && <Text role="status">Uploading and checking the file…</Text>}
                  {apply.isPending && <Text role="status">Uploading and importing…</Text>}
                </Box>
                {failure && (
                  <Text role="alert" color="fg.error">
                    {reasonOf(failure)}
                  </Text>
                )}

                {report && s && (
                  <Stack gap="3" data-testid="import-report">
                    <Flex gap="2" wrap="wrap" role="status" aria-label="Dry run summary">
                      <Badge colorPalette="green">{s.created} new</Badge>
                      <Badge colorPalette="blue">{s.updated} to update</Badge>
                      <Badge colorPalette="gray">{s.unchanged} unchanged</Badge>
                      <Badge colorPalette="red">{s.errors} with errors</Badge>
                    </Flex>
                    {report.ignoredColumns.length > 0 && (
                      <Text fontSize="sm" color="fg.muted">
                        Ignored columns: {report.ignoredColumns.join(', ')}
                      </Text>
                    )}
                    {s.errors > 0 && (
                      <Text fontSize="sm" color="fg.error">
                        Fix the rows with errors and upload the file again: nothing is imported while a row has an error.
                      </Text>
                    )}
                    {s.unchanged > 0 && (
                      <Button size="xs" variant="ghost" alignSelf="start" onClick={() => setShowUnchanged((v) => !v)}>
                        {showUnchanged ? 'Hide unchanged rows' : 'Show unchanged rows'}
                      </Button>
                    )}
                    {rows.length > 0 && (
                      <Table.ScrollArea borderWidth="1px" rounded="md" maxH="80">
                        <Table.Root size="sm" stickyHeader>
                          <Table.Caption srOnly>What each row of the file would do</Table.Caption>
                          <Table.Header>
                            <Table.Row>
                              <Table.ColumnHeader>Row</Table.ColumnHeader>
                              <Table.ColumnHeader>SKU</Table.ColumnHeader>
                              <Table.ColumnHeader>Action</Table.ColumnHeader>
                              <Table.ColumnHeader>Details</Table.ColumnHeader>
                            </Table.Row>
                          </Table.Header>
                          <Table.Body>
                            {rows.map((r) => (
                              <Table.Row key={r.row} data-testid="import-row">
                                <Table.Cell>{r.row}</Table.Cell>
                                <Table.Cell fontFamily="mono">{r.sku ?? '—'}</Table.Cell>
                                <Table.Cell>
                                  <Badge colorPalette={ACTION_COLORS[r.action]}>{ACTION_LABELS[r.action]}</Badge>
                                </Table.Cell>
                                <Table.Cell>
                                  <Stack gap="0.5" fontSize="xs">
                                    {r.errors?.map((e, k) => (
                                      <Text key={k} color="fg.error">
                                        {e.cell ? `${e.cell} ` : ''}
                                        {e.column}: {e.message}
                                      </Text>
                                    ))}
                                    {r.changes?.map((c, k) => (
                                      <Text key={k}>
                                        {c.column}: {show(c.from)} → {show(c.to)}
                                      </Text>
                                    ))}
                                  </Stack>
                                </Table.Cell>
                              </Table.Row>
                            ))}
                          </Table.Body>
                        </Table.Root>
                      </Table.ScrollArea>
                    )}
                  </Stack>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={busy}>
                  Cancel
                </Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette="brand"
                onClick={applyNow}
                loading={apply.isPending}
                loadingText="Importing…"
                disabled={!report || !s || s.errors > 0 || s.created + s.updated === 0 || dryRun.isPending}
              >
                Apply
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
