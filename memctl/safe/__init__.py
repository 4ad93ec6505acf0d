"""safe"""
