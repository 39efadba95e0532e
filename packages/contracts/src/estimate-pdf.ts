/**
 * PDF estimates of the cost calculator (public-site.md §4 "Calculator PDF dialog", §7
 * "Calculator sequence", §8 calculator toasts; decisions.md §3, §11): what a calculator lead
 * stores, its documents' kinds and download path, the toasts. The calls
 * (POST /api/generate-estimate-pdf, GET /api/leads/{id}/documents) are in http/estimates.ts.
 */
import { calculatorSpecsSchema, type CalculatorSpecs, type CostBreakdown, type CalculatorLineItem } from './calculator.js';
import type { BuildingInfo } from './lead.js';

/** Kinds of documents stored for a lead. */
export const LEAD_DOCUMENT_KINDS = ['estimate_pdf', 'quote_pdf'] as const;
export type LeadDocumentKind = (typeof LEAD_DOCUMENT_KINDS)[number];

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
