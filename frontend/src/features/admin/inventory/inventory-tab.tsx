/**
 * Inventory tab (staff-side.md §2, §4, §8): All Items plus one tab per category with counts,
 * search by name, SKU, manufacturer or model, an active/inactive filter, item cards with Edit and
 * Delete (confirmed), the Add Item dialog, Export Excel and Upload Excel (dry-run report, then
 * Apply). Loading, empty and error states are announced to screen readers.
 */
import {
  Badge,
  Box,
  Button,
  Card,
  Dialog,
  Flex,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
} from '@chakra-ui/react';
import {
  INVENTORY_CATEGORIES,
  INVENTORY_CATEGORY_LABELS,
  INVENTORY_TEXTS,
  type InventoryCategory,
  type InventoryItem,
} from '@ironclad/contracts';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { notify } from '../../../components/ui/toaster';
import { formatUsdCents } from '../../../lib/format';
import { inventoryQuery, useDeleteItem, useExportExcel } from '../api/inventory';
import { InventoryItemDialog } from './inventory-item-dialog';
import { InventoryUploadDialog } from './inventory-upload-dialog';

type StatusFilter = 'all' | 'active' | 'inactive';
type TabValue = 'all' | InventoryCategory;
const TAB_VALUES: readonly TabValue[] = ['all', ...INVENTORY_CATEGORIES];

/** Whether `item` matches the search text (name, SKU, manufacturer or model; case-insensitive). */
export function matchesSearch(item: InventoryItem, text: string): boolean {
  const q = text.trim().toLowerCase();
  if (!q) return true;
  return [item.name, item.sku, item.manufacturer, item.model].some((v) => v?.toLowerCase().includes(q));
}

/** Margin of a price over its cost, in percent of the price (one decimal), or null without a cost. */
export function marginPercent(unitPrice: number, unitCost: number | null): number | null {
  if (unitCost === null || unitPrice <= 0) return null;
  return Math.round(((unitPrice - unitCost) / unitPrice) * 1000) / 10;
}

export function InventoryTab() {
  const list = useQuery(inventoryQuery);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [tab, setTab] = useState<TabValue>('all');
  const [editing, setEditing] = useState<InventoryItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<InventoryItem | null>(null);
  const [uploading, setUploading] = useState(false);
  const exportExcel = useExportExcel();

  const filtered = useMemo(
    () => (list.data ?? []).filter((i) => matchesSearch(i, deferredSearch) && (status === 'all' || (status === 'active') === i.isActive)),
    [list.data, deferredSearch, status],
  );
  const counts = useMemo(() => {
    const c = Object.fromEntries(INVENTORY_CATEGORIES.map((k) => [k, 0])) as Record<InventoryCategory, number>;
    for (const i of filtered) c[i.category]++;
    return c;
  }, [filtered]);
  const shown = tab === 'all' ? filtered : filtered.filter((i) => i.category === tab);

  return (
    <Stack gap="5" py="2">
      <Flex justify="space-between" align={{ base: 'stretch', md: 'center' }} gap="3" direction={{ base: 'column', md: 'row' }}>
        <Heading as="h2" size="lg">
          Inventory
        </Heading>
        <Flex gap="2" wrap="wrap">
          <Button colorPalette="brand" onClick={() => setEditing('new')}>
            Add Item
          </Button>
          <Button variant="outline" onClick={() => exportExcel.mutate()} loading={exportExcel.isPending} loadingText="Exporting…">
            Export Excel
          </Button>
          <Button variant="outline" onClick={() => setUploading(true)}>
            Upload Excel
          </Button>
        </Flex>
      </Flex>

      <Flex gap="3" direction={{ base: 'column', md: 'row' }}>
        <Input
          type="search"
          aria-label="Search inventory"
          placeholder="Search by name, SKU, manufacturer or model"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <NativeSelect.Root maxW={{ md: '56' }}>
          <NativeSelect.Field aria-label="Status filter" value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
            <option value="all">Active and inactive</option>
            <option value="active">Active only</option>
            <option value="inactive">Inactive only</option>
          </NativeSelect.Field>
        </NativeSelect.Root>
      </Flex>

      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as TabValue)} variant="line" size="sm">
        <Box overflowX="auto">
          {/* the list keeps its width and scrolls sideways on a phone instead of squeezing its labels */}
          <Tabs.List aria-label="Inventory categories" w="max-content" minW="full">
            <Tabs.Trigger value="all" flexShrink="0" whiteSpace="nowrap">
              All Items ({filtered.length})
            </Tabs.Trigger>
            {INVENTORY_CATEGORIES.map((c) => (
              <Tabs.Trigger key={c} value={c} flexShrink="0" whiteSpace="nowrap">
                {INVENTORY_CATEGORY_LABELS[c]} ({counts[c]})
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Box>
        {TAB_VALUES.map((v) => (
          <Tabs.Content key={v} value={v} pt="4" aria-busy={list.isPending}>
            {v === tab && (
              <>
                {list.isPending ? (
                  <Text role="status">Loading inventory…</Text>
                ) : list.isError ? (
                  <Stack role="alert" align="start" gap="2">
                    <Text>Could not load the inventory.</Text>
                    <Button size="sm" variant="outline" onClick={() => list.refetch()}>
                      Try again
                    </Button>
                  </Stack>
                ) : shown.length === 0 ? (
                  <Text role="status" color="fg.muted" py="6">
                    {list.data.length === 0
                      ? 'The inventory is empty: add an item or upload a workbook.'
                      : 'No items match the search and filter.'}
                  </Text>
                ) : (
                  <SimpleGrid as="ul" columns={{ base: 1, md: 2, xl: 3 }} gap="4" listStyleType="none" data-testid="inventory-list">
                    {shown.map((item) => (
                      <ItemCard key={item.id} item={item} onEdit={() => setEditing(item)} onDelete={() => setDeleting(item)} />
                    ))}
                  </SimpleGrid>
                )}
              </>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>

      <InventoryItemDialog
        item={editing === 'new' ? null : editing}
        open={editing !== null}
        defaultCategory={tab === 'all' ? 'cameras' : tab}
        onClose={() => setEditing(null)}
      />
      <DeleteDialog item={deleting} onClose={() => setDeleting(null)} />
      <InventoryUploadDialog open={uploading} onClose={() => setUploading(false)} />
    </Stack>
  );
}

function ItemCard({ item, onEdit, onDelete }: { item: InventoryItem; onEdit: () => void; onDelete: () => void }) {
  const margin = marginPercent(item.unitPrice, item.unitCost);
  const specs = Object.entries(item.specifications ?? {}).slice(0, 3);
  const headingId = `inventory-item-${item.id}`;
  return (
    <Card.Root as="li" size="sm" aria-labelledby={headingId} opacity={item.isActive ? 1 : 0.75} data-testid="inventory-card">
      <Card.Body gap="2">
        <Flex justify="space-between" gap="2" align="start">
          <Heading as="h3" size="sm" id={headingId}>
            {item.name}
          </Heading>
          {!item.isActive && <Badge colorPalette="gray">Inactive</Badge>}
        </Flex>
        <HStack gap="2" wrap="wrap">
          <Badge variant="outline" fontFamily="mono">
            {item.sku}
          </Badge>
          <Badge colorPalette="blue" variant="subtle">
            {INVENTORY_CATEGORY_LABELS[item.category]}
          </Badge>
        </HStack>
        {(item.manufacturer || item.model) && (
          <Text fontSize="sm" color="fg.muted">
            {[item.manufacturer, item.model].filter(Boolean).join(' · ')}
          </Text>
        )}
        {item.description && (
          <Text fontSize="sm" lineClamp={2}>
            {item.description}
          </Text>
        )}
        <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="0.5" fontSize="sm">
          <Text as="dt" color="fg.muted">
            Unit price
          </Text>
          <Text as="dd" fontWeight="semibold">
            {formatUsdCents(item.unitPrice / 100)}
          </Text>
          {item.unitCost !== null && (
            <>
              <Text as="dt" color="fg.muted">
                Unit cost
              </Text>
              <Text as="dd">
                {formatUsdCents(item.unitCost / 100)}
                {margin !== null && ` (margin ${margin}%)`}
              </Text>
            </>
          )}
          <Text as="dt" color="fg.muted">
            Labour
          </Text>
          <Text as="dd">{item.labourHours} h per unit</Text>
          {specs.map(([k, v]) => (
            <Box key={k} display="contents">
              <Text as="dt" color="fg.muted">
                {k}
              </Text>
              <Text as="dd" truncate>
                {typeof v === 'string' ? v : JSON.stringify(v)}
              </Text>
            </Box>
          ))}
        </Box>
      </Card.Body>
      <Card.Footer gap="2">
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${item.name}`}>
          Edit
        </Button>
        <Button size="sm" variant="outline" colorPalette="red" onClick={onDelete} aria-label={`Delete ${item.name}`}>
          Delete
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}

/** The delete confirmation; a deleted item goes, one that stored quotes use is deactivated (said in the toast). */
function DeleteDialog({ item, onClose }: { item: InventoryItem | null; onClose: () => void }) {
  const del = useDeleteItem();
  const confirm = () => {
    if (!item) return;
    del.mutate(item.id, {
      onSuccess: (res) => {
        notify({
          type: 'success',
          title: INVENTORY_TEXTS.deleted,
          description: res.outcome === 'deactivated' ? res.message : undefined,
        });
        onClose();
      },
    });
  };
  return (
    <Dialog.Root
      role="alertdialog"
      open={item !== null}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Delete inventory item</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                Are you sure you want to delete <strong>{item?.name}</strong> ({item?.sku})? An item that stored quotes use is deactivated
                instead, so those quotes keep it.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" onClick={confirm} loading={del.isPending}>
                Delete
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
