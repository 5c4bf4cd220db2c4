import { TRAFFIC_SOURCES } from "../../domain/enumerations";
import { FORM_LABELS } from "../content/form-labels";
import { SelectField } from "./select-field";

export interface TrafficSourceSelectProps {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
}

/** "How did you hear about us?" with the ten traffic sources of spec 3.4. */
export function TrafficSourceSelect(props: TrafficSourceSelectProps) {
  return (
    <SelectField
      {...props}
      label={FORM_LABELS.trafficSource}
      placeholder={FORM_LABELS.selectPlaceholder}
      options={TRAFFIC_SOURCES}
    />
  );
}
