validate -
