"""OlauncherCF (OlauncherCF/OlauncherCF), claimed."""
