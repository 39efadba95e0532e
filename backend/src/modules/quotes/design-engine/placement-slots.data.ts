/**
 * The standard camera locations of each building type, in the order they take the cameras left
 * after the entry points and named areas (round-robin, Medium priority). Plain data; placement.ts
 * turns each template into slots for the site (see {@link SlotTemplate}).
 */
import type { WizardBuildingType } from '@ironclad/contracts';
import type { SlotTemplate } from './types.js';

export const STANDARD_SLOTS: Readonly<Record<WizardBuildingType, readonly SlotTemplate[]>> = {
  residential: [
    { place: 'outdoor', location: 'Driveway & front yard', reason: 'Vehicles and visitors approaching the house', coverage: 'Driveway, front lawn and street edge' },
    { place: 'outdoor', location: 'Backyard', reason: 'Rear approach, often hidden from the street', coverage: 'Back lawn, patio and rear fence line' },
    { place: 'per-floor', location: 'Main hallway & stairs', reason: 'Every room is reached through it', coverage: 'Hallway and staircase' },
    { place: 'outdoor', location: 'Side yards', reason: 'Blind spots along the sides of the house', coverage: 'Side passages and gates' },
    { place: 'indoor', location: 'Garage', kind: 'turret', floor: 1, reason: 'Vehicles, tools and the inside door', coverage: 'Garage interior and the door into the house' },
  ],
  apartment: [
    { place: 'per-floor', location: 'Corridor', reason: 'Residents and visitors moving between units', coverage: 'Corridor and unit doors' },
    { place: 'indoor', location: 'Mailroom & lobby', kind: 'dome', floor: 1, reason: 'Package theft and tailgating', coverage: 'Mailboxes, parcel area and lobby' },
    { place: 'outdoor', location: 'Parking area', reason: 'Vehicle break-ins and late-night arrivals', coverage: 'Parking spaces and driveway', wide: true },
    { place: 'per-floor', location: 'Stairwell', reason: 'Unmonitored access between floors', coverage: 'Stair landings' },
    { place: 'outdoor', location: 'Building perimeter', reason: 'Rear doors and trash area', coverage: 'Perimeter walls and service area' },
  ],
  office: [
    { place: 'indoor', location: 'Reception & lobby', kind: 'dome', floor: 1, reason: 'Every visitor passes here', coverage: 'Reception desk and lobby' },
    { place: 'per-floor', location: 'Corridors', reason: 'Movement between offices and work areas', coverage: 'Main corridors and open-plan areas' },
    { place: 'outdoor', location: 'Parking lot', reason: 'Staff vehicles and after-hours activity', coverage: 'Parking spaces and lot entrance', wide: true },
    { place: 'indoor', location: 'Server / IT room', kind: 'dome', floor: 1, reason: 'Critical equipment and data', coverage: 'Server racks and room door' },
    { place: 'per-floor', location: 'Stairwells & elevators', reason: 'Access between floors', coverage: 'Elevator lobby and stair doors' },
    { place: 'outdoor', location: 'Building perimeter', reason: 'Side and rear walls', coverage: 'Perimeter walls and service doors' },
  ],
  retail: [
    { place: 'indoor', location: 'Checkout & registers', kind: 'dome', floor: 1, reason: 'Cash handling and disputes', coverage: 'Registers and counter' },
    { place: 'per-floor', location: 'Sales floor aisles', reason: 'Shoplifting in blind aisles', coverage: 'Aisles and displays' },
    { place: 'indoor', location: 'Stockroom', kind: 'dome', floor: 1, reason: 'Inventory shrinkage', coverage: 'Shelving and back door' },
    { place: 'outdoor', location: 'Storefront & parking', reason: 'Break-ins and parking incidents', coverage: 'Storefront glass and parking', wide: true },
    { place: 'outdoor', location: 'Rear service door', reason: 'Deliveries and after-hours access', coverage: 'Loading door and alley' },
  ],
  warehouse: [
    { place: 'outdoor', location: 'Loading docks', reason: 'Goods in and out, disputes with carriers', coverage: 'Dock doors and trailer bays', wide: true },
    { place: 'per-floor', location: 'Racking aisles', reason: 'Inventory and forklift safety', coverage: 'Main racking aisles' },
    { place: 'outdoor', location: 'Yard & perimeter fence', reason: 'Intrusion and trailer theft', coverage: 'Yard, fence line and gates', wide: true },
    { place: 'indoor', location: 'Shipping & receiving office', kind: 'dome', floor: 1, reason: 'Paperwork and cash', coverage: 'Office and counter' },
    { place: 'outdoor', location: 'Employee parking', reason: 'Staff vehicles', coverage: 'Parking spaces', wide: true },
  ],
  restaurant: [
    { place: 'indoor', location: 'Dining room', kind: 'dome', floor: 1, reason: 'Guests and staff on the floor', coverage: 'Tables and aisles' },
    { place: 'indoor', location: 'Point of sale', kind: 'dome', floor: 1, reason: 'Cash handling', coverage: 'Registers and bar' },
    { place: 'indoor', location: 'Kitchen', kind: 'dome', floor: 1, reason: 'Food safety and staff safety', coverage: 'Cook line and prep area' },
    { place: 'outdoor', location: 'Rear delivery door', reason: 'Deliveries and waste area', coverage: 'Back door and dumpsters' },
    { place: 'outdoor', location: 'Parking & patio', reason: 'Outdoor seating and vehicles', coverage: 'Patio and parking' },
    { place: 'per-floor', location: 'Storage & walk-in', reason: 'Inventory loss', coverage: 'Storage shelves and walk-in door' },
  ],
  medical: [
    { place: 'indoor', location: 'Waiting room & reception', kind: 'dome', floor: 1, reason: 'Patient check-in and safety', coverage: 'Waiting area and front desk' },
    { place: 'per-floor', location: 'Corridors', reason: 'Patient and staff movement', coverage: 'Main corridors' },
    { place: 'indoor', location: 'Pharmacy / medication storage', kind: 'dome', floor: 1, reason: 'Controlled substances', coverage: 'Medication cabinets and door' },
    { place: 'outdoor', location: 'Parking lot', reason: 'Patients and staff arriving after dark', coverage: 'Parking and walkways', wide: true },
    { place: 'outdoor', location: 'Ambulance & service entrance', reason: 'Deliveries and emergency access', coverage: 'Service door and bay' },
  ],
  school: [
    { place: 'per-floor', location: 'Hallways', reason: 'Student movement between classes', coverage: 'Main hallways and lockers' },
    { place: 'indoor', location: 'Cafeteria & gym', kind: 'dome', floor: 1, reason: 'Large gatherings', coverage: 'Cafeteria and gym floor' },
    { place: 'outdoor', location: 'Drop-off loop & parking', reason: 'Vehicle traffic at arrival and dismissal', coverage: 'Bus loop and parking', wide: true },
    { place: 'outdoor', location: 'Playground & fields', reason: 'Outdoor activities and trespassing', coverage: 'Playground and field edges', wide: true },
    { place: 'per-floor', location: 'Stairwells', reason: 'Access between floors', coverage: 'Stair landings' },
    { place: 'outdoor', location: 'Building perimeter', reason: 'After-hours intrusion', coverage: 'Perimeter walls and side doors' },
  ],
};
