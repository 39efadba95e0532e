/**
 * The lead's saved quote in the staff details panel (issue 21 point 7): every version with its
 * status (sent, viewed, approved, deposit paid, superseded), chosen option, total, signature and
 * PDF; the coverage diagram of the latest version's chosen design; and the revision form — the
 * equipment lines of an option edited from the active inventory (SKU, quantity) and sent as a new
 * version (its own link, emailed with its PDF; the older versions are superseded). Admin session;
 * the server audits each revision.
 */
import { Badge, Box, Button, Field, Heading, HStack, IconButton, Input, Link, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import {
  QUOTE_OPTION_KEYS,
  QUOTE_OPTION_LABELS,
  leadDocumentDownloadPath,
  type QuoteOptionKey,
  type QuoteVersionStatus,
  type StaffQuoteVersion,
} from '@ironclad/contracts';
import { useQuery } from '@tanstack/react-query';
import { LucidePlus, LucideTrash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { notify } from '../../components/ui/toaster';
import { ApiError } from '../../lib/api';
import { formatDateTime, formatUsdCents } from '../../lib/format';
import { CoverageDiagram } from '../designer/coverage-diagram';
import { CoveragePlan } from '../designer/coverage-plan';
import { useLeadQuotes, useReviseQuote } from '../leads/api/quotes';
import { inventoryQuery } from './api/inventory';

const STATUS: Record<QuoteVersionStatus, { label: string; palette: string }> = {
  sent: { label: 'Sent', palette: 'gray' },
  viewed: { label: 'Viewed', palette: 'blue' },
  approved: { label: 'Approved', palette: 'orange' },
  deposit_paid: { label: 'Deposit paid', palette: 'green' },
  superseded: { label: 'Superseded', palette: 'gray' },
};

/** The lead's quote versions, diagram and revision form; nothing when the lead has no saved quote. */
export function LeadQuotes({ leadId }: { leadId: number }) {
  const quotes = useLeadQuotes(leadId);
  const [revising, setRevising] = useState(false);
  if (quotes.isPending) return <Spinner size="sm" />;
  if (quotes.isError)
    return (
      <Text fontSize="sm" role="alert">
        Could not load the quote versions.
      </Text>
    );
  const versions = quotes.data.versions;
  if (versions.length === 0) return null;
  const latest = versions[0]!;
  const design = latest.options[latest.chosenOption] ?? latest.options.recommended;

  return (
    <Box mb="4" data-testid="lead-quotes">
      <HStack justify="space-between" mb="1">
        <Heading as="h4" size="sm">
          Quote versions
        </Heading>
        {!revising ? (
          <Button size="xs" variant="outline" onClick={() => setRevising(true)}>
            Revise quote
          </Button>
        ) : null}
      </HStack>
      <Stack as="ul" gap="2" fontSize="sm">
        {versions.map((v) => (
          <VersionRow key={v.id} leadId={leadId} v={v} />
        ))}
      </Stack>
      {revising ? <ReviseForm leadId={leadId} latest={latest} onDone={() => setRevising(false)} /> : null}
      <Heading as="h5" size="xs" mt="3" mb="1">
        Coverage diagram (version {latest.version}, {QUOTE_OPTION_LABELS[latest.chosenOption]})
      </Heading>
      {latest.diagrams.length > 0 ? (
        <CoveragePlan diagrams={latest.diagrams} />
      ) : (
        <CoverageDiagram locations={design.cameraLocations} floors={Math.max(1, ...design.cameraLocations.map((l) => l.floor))} />
      )}
    </Box>
  );
}

function VersionRow({ leadId, v }: { leadId: number; v: StaffQuoteVersion }) {
  const s = STATUS[v.status];
  return (
    <li data-testid={`quote-version-${v.version}`}>
      <HStack gap="2" wrap="wrap">
        <Text fontWeight="semibold">Version {v.version}</Text>
        <Badge colorPalette={s.palette} data-testid="quote-status">
          {s.label}
        </Badge>
        <Text>
          {QUOTE_OPTION_LABELS[v.chosenOption]} · {formatUsdCents(v.totalCents / 100)} · {formatDateTime(v.createdAt)}
          {v.createdBy ? ` · by ${v.createdBy}` : ''}
        </Text>
        {v.documentId ? (
          <Link
            href={leadDocumentDownloadPath(leadId, v.documentId)}
            colorPalette="blue"
            aria-label={`Download the PDF of version ${v.version}`}
          >
            PDF
          </Link>
        ) : (
          <Text color="fg.muted">PDF pending</Text>
        )}
      </HStack>
      {v.approvedAt ? (
        <Text color="fg.muted">
          Signed by {v.approvedName} on {formatDateTime(v.approvedAt)} · SHA-256 {v.approvalHash?.slice(0, 12)}…
          {v.depositPaidAt ? ` · deposit paid ${formatDateTime(v.depositPaidAt)}` : ''}
        </Text>
      ) : v.viewedAt ? (
        <Text color="fg.muted">Viewed {formatDateTime(v.viewedAt)}</Text>
      ) : null}
    </li>
  );
}

interface Line {
  sku: string;
  quantity: number;
}

/** Lines of `option` in `v`: every equipment line with a SKU (the "Additional Features" lines stay as they are). */
function linesOf(v: StaffQuoteVersion, option: QuoteOptionKey): Line[] {
  const o = v.options[option];
  if (!o) return [];
  return o.equipmentList
    .filter((c) => c.category !== 'Additional Features')
    .flatMap((c) => c.items.flatMap((i) => (i.sku ? [{ sku: i.sku, quantity: i.quantity }] : [])));
}

function ReviseForm({ leadId, latest, onDone }: { leadId: number; latest: StaffQuoteVersion; onDone: () => void }) {
  const inventory = useQuery(inventoryQuery);
  const revise = useReviseQuote(leadId);
  const [option, setOption] = useState<QuoteOptionKey>(latest.chosenOption);
  const [lines, setLines] = useState<Line[]>(() => linesOf(latest, latest.chosenOption));
  const active = (inventory.data ?? []).filter((i) => i.isActive);
  const fieldErrors = revise.error instanceof ApiError ? revise.error.body?.details?.fieldErrors : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    revise.mutate(
      { option, lines },
      {
        onSuccess: (v) => {
          notify({ type: 'success', title: `Version ${v.version} sent`, description: 'The customer gets the new link by email.' });
          onDone();
        },
      },
    );
  };
  const setLine = (i: number, patch: Partial<Line>) => setLines((ls) => ls.map((l, n) => (n === i ? { ...l, ...patch } : l)));

  return (
    <Stack asChild gap="2" mt="3" p="3" borderWidth="1px" rounded="md">
      <form onSubmit={submit} aria-label="Revise quote" noValidate>
        <Field.Root>
          <Field.Label>Option to revise</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={option}
              onChange={(e) => {
                const next = e.target.value as QuoteOptionKey;
                setOption(next);
                setLines(linesOf(latest, next));
              }}
            >
              {QUOTE_OPTION_KEYS.filter((k) => latest.options[k]).map((k) => (
                <option key={k} value={k}>
                  {QUOTE_OPTION_LABELS[k]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {inventory.isPending ? <Spinner size="sm" /> : null}
        {lines.map((l, i) => (
          <HStack key={i} gap="2" data-testid="revise-line">
            <NativeSelect.Root size="sm" flex="1">
              <NativeSelect.Field aria-label={`Item of line ${i + 1}`} value={l.sku} onChange={(e) => setLine(i, { sku: e.target.value })}>
                {active.some((it) => it.sku === l.sku) ? null : <option value={l.sku}>{l.sku} (not in the active inventory)</option>}
                {active.map((it) => (
                  <option key={it.id} value={it.sku}>
                    {it.name} ({it.sku})
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Input
              size="sm"
              type="number"
              min={1}
              max={999}
              w="20"
              aria-label={`Quantity of line ${i + 1}`}
              value={l.quantity}
              onChange={(e) => setLine(i, { quantity: Number(e.target.value) })}
            />
            <IconButton
              size="sm"
              variant="ghost"
              aria-label={`Remove line ${i + 1}`}
              onClick={() => setLines((ls) => ls.filter((_, n) => n !== i))}
            >
              <LucideTrash2 />
            </IconButton>
          </HStack>
        ))}
        <HStack gap="2" wrap="wrap">
          <Button
            size="xs"
            variant="outline"
            disabled={active.length === 0}
            onClick={() => setLines((ls) => [...ls, { sku: active[0]!.sku, quantity: 1 }])}
          >
            <LucidePlus aria-hidden="true" /> Add line
          </Button>
        </HStack>
        {revise.isError ? (
          <Text fontSize="sm" color="fg.error" role="alert">
            {fieldErrors ? Object.values(fieldErrors).flat().join(' ') : revise.error.message}
          </Text>
        ) : null}
        <HStack gap="2">
          <Button type="submit" size="sm" colorPalette="brand" loading={revise.isPending} disabled={lines.length === 0}>
            Send new version
          </Button>
          <Button size="sm" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        </HStack>
      </form>
    </Stack>
  );
}
