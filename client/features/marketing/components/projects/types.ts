export interface Project {
  id: string;
  name: string;
  image: string;
  shortDescription: string;
  longDescription: string;
  client: string;
  location: string;
  year: number;
  category: string;
}
