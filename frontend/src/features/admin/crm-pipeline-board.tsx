/**
 * The CRM Pipeline View's board mode (issue 22 point 5): one column per stage of the single
 * pipeline (decisions.md §5) with the count and estimate total of every matching lead (GET
 * /api/leads/board), the newest cards of each stage, filters by search, source and owner.
 *
 * A card moves to another stage by dragging it (@dnd-kit: mouse, touch, or keyboard: focus the
 * card's move handle, Space to pick it up, ←/→ to go from column to column, Space to drop,
 * Escape to cancel; each step is announced). The move is sent first (PATCH /api/leads/{id}
 * `{status}`, audited on the server); the board shows the card in its new column only once the
 * server has answered and the board has been fetched again. Until then the card says "Moving…".
 */
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { Badge, Box, Button, Flex, Heading, HStack, Input, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { LEAD_SOURCES, LEAD_STATUSES, type Lead, type LeadBoardColumn, type LeadStatus } from '@ironclad/contracts';
import { LucideGripVertical } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { ScrollCue } from '../../components/staff/scroll-cue';
import { formatUsd, fullName } from '../../lib/format';
import { sourceLabel, statusColor, SOURCE_LABELS, STATUS_LABELS } from '../../lib/lead-status';
import { useDebounced } from '../../lib/use-debounced';
import { staffName, useLeadBoard, useMoveLead, useStaffUsers } from '../leads/api/workspace';

/** What a draggable card carries. */
interface CardData {
  lead: Lead;
}

const leadOf = (data: unknown): Lead | undefined => (data as CardData | undefined)?.lead;
const isStatus = (id: unknown): id is LeadStatus => LEAD_STATUSES.includes(id as LeadStatus);

/**
 * Keyboard moves go column to column: ← / → jump to the top of the previous / next stage's column
 * (the droppable rects dnd-kit measured), whatever the columns' widths. The stage chosen so far is
 * kept in `target` (not read back from the collision, which is only computed at the next render,
 * so quick key presses would lose steps); the drop uses it too.
 */
function columnCoordinates(target: { current: LeadStatus | null }): KeyboardCoordinateGetter {
  return (event, { context: { active, droppableRects, collisionRect } }) => {
    if (event.code !== 'ArrowRight' && event.code !== 'ArrowLeft') return undefined;
    event.preventDefault();
    const from = target.current ?? leadOf(active?.data.current)?.status;
    if (!from) return undefined;
    const next = LEAD_STATUSES[LEAD_STATUSES.indexOf(from) + (event.code === 'ArrowRight' ? 1 : -1)];
    const rect = next ? droppableRects.get(next) : undefined;
    if (!next || !rect) return undefined;
    target.current = next;
    const width = collisionRect?.width ?? 0;
    return { x: rect.left + (rect.width - width) / 2, y: rect.top + 48 };
  };
}

/** The pointer's column when there is a pointer; else (keyboard) the column the card overlaps most. */
const collisions: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length ? within : rectIntersection(args);
};

/** Screen reader announcements of a drag (names the lead and the stages, never ids). */
function announcements(): Announcements {
  const name = (active: { data: { current?: unknown } }) => {
    const lead = leadOf(active.data.current);
    return lead ? fullName(lead) : 'the lead';
  };
  const stage = (id: unknown) => (isStatus(id) ? STATUS_LABELS[id] : 'no stage');
  return {
    onDragStart: ({ active }) => `Picked up ${name(active)}. Use the left and right arrow keys to choose a stage.`,
    onDragOver: ({ active, over }) => (over ? `${name(active)} is over ${stage(over.id)}.` : `${name(active)} is not over a stage.`),
    onDragEnd: ({ active, over }) => (over ? `${name(active)} dropped on ${stage(over.id)}.` : `${name(active)} was not moved.`),
    onDragCancel: ({ active }) => `Moving ${name(active)} was cancelled.`,
  };
}

const SCREEN_READER_INSTRUCTIONS = {
  draggable:
    'To move this lead to another stage, press space or enter to pick it up, the left and right arrow keys to choose the stage, and space or enter to drop it. Press escape to cancel.',
};

/** `onView` opens the lead detail modal. */
export function CrmPipelineBoard({ onView }: { onView: (lead: Lead) => void }) {
  const [search, setSearch] = useState('');
  const [source, setSource] = useState('all');
  const [owner, setOwner] = useState('all');
  const debounced = useDebounced(search);
  const board = useLeadBoard({ search: debounced, source, owner });
  const users = useStaffUsers();
  const move = useMoveLead();
  const [moving, setMoving] = useState<number | null>(null);
  /** The stage a keyboard move has reached (null: none yet, or a pointer drag). */
  const keyboardTarget = useRef<LeadStatus | null>(null);
  const coordinateGetter = useMemo(() => columnCoordinates(keyboardTarget), []);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );
  const owners = new Map((users.data?.users ?? []).map((u) => [u.id, staffName(u)]));

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const lead = leadOf(active.data.current);
    const to = keyboardTarget.current ?? (isStatus(over?.id) ? over.id : null);
    keyboardTarget.current = null;
    if (!lead || !to || to === lead.status) return;
    setMoving(lead.id);
    move.mutate({ id: lead.id, status: to, name: fullName(lead) }, { onSettled: () => setMoving(null) });
  };

  return (
    <Box>
      <Flex gap="3" mb="3" direction={{ base: 'column', md: 'row' }}>
        <Input
          aria-label="Search the board"
          placeholder="Search by name, email or phone"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <NativeSelect.Root maxW={{ md: '56' }}>
          <NativeSelect.Field aria-label="Source filter" value={source} onChange={(e) => setSource(e.target.value)}>
            <option value="all">All sources</option>
            {LEAD_SOURCES.map((s) => (
              <option key={s} value={s}>
                {SOURCE_LABELS[s]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <NativeSelect.Root maxW={{ md: '56' }}>
          <NativeSelect.Field aria-label="Owner filter" value={owner} onChange={(e) => setOwner(e.target.value)}>
            <option value="all">All owners</option>
            <option value="none">No owner</option>
            {(users.data?.users ?? []).map((u) => (
              <option key={u.id} value={u.id}>
                {staffName(u)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Flex>
      {board.isPending ? (
        <Spinner />
      ) : board.isError ? (
        <Text role="alert">Could not load the pipeline board. Please check your connection and try again.</Text>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={collisions}
          onDragStart={() => (keyboardTarget.current = null)}
          onDragCancel={() => (keyboardTarget.current = null)}
          onDragEnd={onDragEnd}
          accessibility={{ announcements: announcements(), screenReaderInstructions: SCREEN_READER_INSTRUCTIONS }}
        >
          <ScrollCue testId="pipeline-board">
            <Flex gap="3" w="max-content" pb="2" aria-busy={board.isFetching} data-testid="pipeline-board-columns">
              {board.data.columns.map((column) => (
                <BoardColumn key={column.status} column={column} owners={owners} moving={moving} onView={onView} />
              ))}
            </Flex>
          </ScrollCue>
        </DndContext>
      )}
    </Box>
  );
}

function BoardColumn({
  column,
  owners,
  moving,
  onView,
}: {
  column: LeadBoardColumn;
  owners: Map<string, string>;
  moving: number | null;
  onView: (lead: Lead) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: column.status });
  const headingId = `board-column-${column.status}`;
  const more = column.count - column.leads.length;
  return (
    <Box
      as="section"
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-testid="board-column"
      data-status={column.status}
      data-over={isOver || undefined}
      w={{ base: '64', md: '60' }}
      flexShrink={0}
      borderWidth="1px"
      rounded="lg"
      p="2"
      bg={isOver ? 'brand.subtle' : 'bg.subtle'}
      borderColor={isOver ? 'brand.solid' : undefined}
      minH="48"
    >
      <Box px="1" mb="2">
        <Heading as="h3" size="sm" id={headingId}>
          <Badge colorPalette={statusColor(column.status)} mr="2">
            {STATUS_LABELS[column.status]}
          </Badge>
        </Heading>
        <Text fontSize="xs" color="fg.muted" data-testid="board-column-summary">
          {column.count} {column.count === 1 ? 'lead' : 'leads'} · {formatUsd(column.totalEstimate)}
        </Text>
      </Box>
      {column.leads.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" px="1">
          No leads at this stage.
        </Text>
      ) : (
        <Stack as="ul" listStyleType="none" m="0" gap="2" aria-labelledby={headingId} maxH="60vh" overflowY="auto" p="0.5">
          {column.leads.map((lead) => (
            <BoardCard
              key={lead.id}
              lead={lead}
              owner={lead.ownerId ? owners.get(lead.ownerId) : undefined}
              moving={moving === lead.id}
              onView={onView}
            />
          ))}
        </Stack>
      )}
      {more > 0 && (
        <Text fontSize="xs" color="fg.muted" mt="2" px="1">
          {more} older {more === 1 ? 'lead is' : 'leads are'} in the table view.
        </Text>
      )}
    </Box>
  );
}

function BoardCard({
  lead,
  owner,
  moving,
  onView,
}: {
  lead: Lead;
  owner: string | undefined;
  moving: boolean;
  onView: (lead: Lead) => void;
}) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `lead-${lead.id}`,
    data: { lead } satisfies CardData,
  });
  const name = fullName(lead);
  return (
    <Box
      as="li"
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform) }}
      position="relative"
      zIndex={isDragging ? 'overlay' : undefined}
      bg="bg.panel"
      borderWidth="1px"
      rounded="md"
      p="2"
      shadow={isDragging ? 'lg' : 'xs'}
      opacity={moving ? 0.6 : 1}
      aria-busy={moving}
      data-testid="board-card"
      data-lead-id={lead.id}
    >
      <HStack align="start" gap="1">
        <Box
          as="button"
          {...attributes}
          {...listeners}
          aria-label={`Move ${name}`}
          cursor={isDragging ? 'grabbing' : 'grab'}
          color="fg.muted"
          rounded="sm"
          p="0.5"
          mt="0.5"
          touchAction="none"
          _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid' }}
          data-testid="board-card-handle"
        >
          <LucideGripVertical size="16" aria-hidden="true" />
        </Box>
        <Box flex="1" minW="0">
          <Text fontWeight="semibold" fontSize="sm" truncate>
            {name}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {sourceLabel(lead.source)}
          </Text>
          <Text fontSize="xs" data-testid="board-card-owner">
            Owner: {owner ?? 'none'}
          </Text>
          <HStack justify="space-between" mt="1">
            <Text fontSize="sm" fontWeight="semibold">
              {lead.totalEstimate === null ? 'TBD' : formatUsd(lead.totalEstimate)}
            </Text>
            {moving ? (
              <Text fontSize="xs" role="status">
                Moving…
              </Text>
            ) : (
              <Button size="2xs" variant="outline" onClick={() => onView(lead)} aria-label={`View ${name}`}>
                View
              </Button>
            )}
          </HStack>
        </Box>
      </HStack>
    </Box>
  );
}
