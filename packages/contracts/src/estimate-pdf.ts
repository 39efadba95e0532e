/**
 * PDF estimates of the cost calculator (public-site.md §4 "Calculator PDF dialog", §7
 * "POST /api/generate-estimate-pdf" and "Calculator sequence", §8 calculator toasts;
 * decisions.md §3, §11).
 */
import { z } from 'zod';
import { calculatorSpecsSchema, type CalculatorSpecs, type CostBreakdown, type CalculatorLineItem } from './calculator.js';
import { emailField } from './contact.js';
import type { BuildingInfo } from './lead.js';
import { limitedText, MAX_RECORD_ID, optionalText } from './text.js';

/** A browser-sent object we accept for the spec's clients but never trust (decisions.md §3). */
const untrusted = z.record(z.string(), z.unknown()).optional();

/**
 * Body of POST /api/generate-estimate-pdf (public-site.md §7): `estimate {pricing,
 * projectDetails, timeline, warranty, equipmentList}` and `customerInfo {firstName, lastName,
 * email, phone, company, buildingType, buildingSize, description}`, plus `leadId`, the id of the
 * lead the calculator has just created (POST /api/leads answer). Without `leadId` the newest
 * calculator lead of `customerInfo.email` is used.
 *
 * The `estimate` figures are ignored: the server prices the stored lead's configuration itself.
 */
export const generateEstimatePdfSchema = z
  .object({
    leadId: z.number().int().min(1).max(MAX_RECORD_ID).optional(),
    estimate: z
      .object({
        pricing: untrusted,
        projectDetails: untrusted,
        timeline: z.union([limitedText(200), z.record(z.string(), z.unknown())]).optional(),
        warranty: z.union([limitedText(500), z.record(z.string(), z.unknown())]).optional(),
        equipmentList: z.array(z.unknown()).max(100).optional(),
      })
      .optional(),
    customerInfo: z
      .object({
        firstName: optionalText(100),
        lastName: optionalText(100),
        email: emailField,
        phone: optionalText(40),
        company: optionalText(200),
        buildingType: optionalText(100),
        buildingSize: z.union([limitedText(100), z.number().finite().min(0)]).optional(),
        description: optionalText(5000),
      })
      .strict(),
  })
  .strict();
export type GenerateEstimatePdfInput = z.input<typeof generateEstimatePdfSchema>;
export type GenerateEstimatePdf = z.output<typeof generateEstimatePdfSchema>;

/** 202 answer of POST /api/generate-estimate-pdf: watch `jobId` on `queue` over Socket.IO. */
export interface GenerateEstimatePdfResponse {
  jobId: string;
  queue: 'pdf';
  leadId: number;
}

/** Kinds of documents stored for a lead. */
export const LEAD_DOCUMENT_KINDS = ['estimate_pdf'] as const;
export type LeadDocumentKind = (typeof LEAD_DOCUMENT_KINDS)[number];

/**
 * A document stored for a lead (the PDF estimate the worker rendered and emailed), as
 * `GET /api/leads/:id/documents` lists it (staff only). Its bytes are at `downloadUrl`
 * (`GET /api/leads/:id/documents/:documentId/pdf`, `Content-Disposition: attachment`).
 */
export interface LeadDocument {
  id: number;
  leadId: number;
  kind: LeadDocumentKind;
  /** File name it is downloaded (and was emailed) under, e.g. `EST-12-1A2B3C4D.pdf`. */
  filename: string;
  contentType: string;
  /** Size in bytes. */
  byteSize: number;
  /** The document's total, whole US dollars. */
  total: number;
  /** ISO-8601. */
  createdAt: string;
  /** Path of the download, relative to the site (same-origin, staff session cookie). */
  downloadUrl: string;
}

/** 200 answer of GET /api/leads/:id/documents: newest first. */
export interface LeadDocumentListResponse {
  documents: LeadDocument[];
}

/** Download path of one stored lead document. */
export const leadDocumentDownloadPath = (leadId: number, documentId: number) => `/api/leads/${leadId}/documents/${documentId}/pdf`;

/** What the server stores in `leads.aiRecommendation` for a calculator lead (public-site.md §3 shape). */
export interface CalculatorRecommendation {
  summary: string;
  description: string;
  timeline: string;
  warranty: string;
  notes: string;
  pricing: {
    /** Whole dollars. */
    equipmentSubtotal: number;
    laborCost: number;
    additionalCosts: number;
    july4Discount: { code: string; savings: number; validUntil: string; finalPrice: number } | null;
    totalProjectCost: number;
  };
  projectDetails: {
    totalCameras: number;
    installationDays: number;
    buildingSize: string;
    buildingComplexity: CalculatorSpecs['buildingComplexity'];
    estimateType: 'calculator';
  };
  equipmentList: { category: string; items: { item: string; description: string; quantity: number; unitPrice: number; total: number }[] }[];
  breakdown: CostBreakdown;
  lineItems: CalculatorLineItem[];
  specs: CalculatorSpecs;
  discountPercent: number;
}

/** The calculator's configuration as a lead's `buildingInfo` (what the page sends). */
export function buildingInfoOfCalculatorSpecs(s: CalculatorSpecs): BuildingInfo {
  return {
    type: s.buildingType,
    squareFootage: String(s.sqft),
    entryPoints: s.entryPoints,
    cameras: s.cameras,
    hasAccessControl: s.hasAccessControl,
    hasVideoIntercom: s.hasVideoIntercom,
    hasMonitoring: s.hasMonitoring,
    buildingComplexity: s.buildingComplexity,
  };
}

/** Whether a lead's buildingInfo carries a calculator configuration (it has a camera count). */
export const hasCalculatorSpecs = (b: BuildingInfo): boolean => b.cameras !== undefined;

/**
 * Reads the calculator configuration back from a lead's `buildingInfo`
 * (squareFootage and entryPoints may be strings). Field errors are keyed `buildingInfo.<field>`.
 */
export function calculatorSpecsOfBuildingInfo(b: BuildingInfo) {
  const num = (v: unknown) => (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v);
  return calculatorSpecsSchema.safeParse({
    buildingType: b.type,
    sqft: num(b.squareFootage),
    cameras: b.cameras,
    entryPoints: num(b.entryPoints),
    hasAccessControl: b.hasAccessControl ?? false,
    hasVideoIntercom: b.hasVideoIntercom ?? false,
    hasMonitoring: b.hasMonitoring ?? false,
    buildingComplexity: b.buildingComplexity,
  });
}

/** Maps a specs field to its buildingInfo name (for field errors). */
export const BUILDING_INFO_FIELD_OF_SPEC: Record<keyof CalculatorSpecs, keyof BuildingInfo> = {
  buildingType: 'type',
  sqft: 'squareFootage',
  cameras: 'cameras',
  entryPoints: 'entryPoints',
  hasAccessControl: 'hasAccessControl',
  hasVideoIntercom: 'hasVideoIntercom',
  hasMonitoring: 'hasMonitoring',
  buildingComplexity: 'buildingComplexity',
};

/** The §8 calculator toasts, verbatim. */
export const CALCULATOR_TOASTS = {
  pdfOk: (email: string) => ({ title: 'Success! 📧', description: `PDF quote emailed to ${email}! We'll call you within 24 hours.` }),
  pdfNotOk: { title: 'Lead Created! 📋', description: "Your quote has been saved. We'll email you the PDF and call within 24 hours." },
  exception: { title: 'Quote Saved! 📋', description: "We've received your information and will send your PDF quote shortly." },
} as const;

/** Warranty text of the estimate (public-site.md §1: 5-year equipment, 2-year labor). */
export const ESTIMATE_WARRANTY = '5-year warranty on installed equipment, 2-year labor warranty';
/** Days an emailed estimate stays valid. */
export const ESTIMATE_VALID_DAYS = 30;
